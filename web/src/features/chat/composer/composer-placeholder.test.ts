import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { type ComposerPlaceholderInput, composerBlocker, composerPlaceholder } from './composer-placeholder';

const t = i18n.t.bind(i18n);
const ready: ComposerPlaceholderInput = { endpoint: 'openAI', endpointConfigured: true, name: 'gpt-4o-mini' };

describe('composerPlaceholder', () => {
  it('invites a new message to the named model', () => {
    expect(composerPlaceholder(ready, t)).toBe('Message gpt-4o-mini');
    expect(composerBlocker(ready)).toBeNull();
  });

  it('names the selected agent or assistant', () => {
    expect(
      composerPlaceholder({ endpoint: 'agents', endpointConfigured: true, agentId: 'agent_1', name: 'Researcher' }, t),
    ).toBe('Message Researcher');
    expect(
      composerPlaceholder(
        { endpoint: 'assistants', endpointConfigured: true, assistantId: 'asst_1', name: 'Tutor' },
        t,
      ),
    ).toBe('Message Tutor');
  });

  it('falls back to a plain "Message" when no name is known yet', () => {
    expect(composerPlaceholder({ ...ready, name: '  ' }, t)).toBe('Message');
    expect(composerPlaceholder({ ...ready, name: null }, t)).toBe('Message');
  });

  it('says the endpoint is not configured when it is missing or lacks its key', () => {
    const expected = 'This endpoint is not configured: set its key in the header menu to chat.';
    expect(composerPlaceholder({ ...ready, endpointConfigured: false }, t)).toBe(expected);
    expect(composerPlaceholder({ ...ready, endpoint: null }, t)).toBe(expected);
    expect(composerBlocker({ ...ready, endpoint: undefined })).toBe('endpoint_not_configured');
  });

  it('says an endpoint the instance does not offer is not available, not that it needs a key', () => {
    const input = { ...ready, endpoint: 'bingAI', endpointConfigured: false, endpointOffered: false };
    expect(composerBlocker(input)).toBe('endpoint_not_offered');
    expect(composerPlaceholder(input, t)).toBe(
      "This chat's endpoint is not available here: switch it to one that is to keep chatting.",
    );
  });

  it('asks for an agent or an assistant to be selected first', () => {
    expect(composerPlaceholder({ endpoint: 'agents', endpointConfigured: true }, t)).toBe('Please select an agent');
    expect(composerPlaceholder({ endpoint: 'assistants', endpointConfigured: true }, t)).toBe(
      'Please select an assistant',
    );
    expect(composerBlocker({ endpoint: 'azureAssistants', endpointConfigured: true, agentId: 'agent_1' })).toBe(
      'assistant_not_selected',
    );
  });

  it('says the last message cannot be appended to', () => {
    expect(composerPlaceholder({ ...ready, appendable: false }, t)).toBe('Edit your message or regenerate.');
  });

  it('reports the reason the user must fix first', () => {
    expect(composerBlocker({ endpoint: 'agents', endpointConfigured: false, appendable: false })).toBe(
      'endpoint_not_configured',
    );
    expect(composerBlocker({ endpoint: 'agents', endpointConfigured: true, appendable: false })).toBe(
      'agent_not_selected',
    );
  });
});
