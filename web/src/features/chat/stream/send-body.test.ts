import { describe, expect, it } from 'vitest';
import { NO_PARENT, type SendRequest } from '@/shared/conversation/types';
import { buildSendBody, localTimestamp, newSendIdentity, sendProblem } from './send-body';

const identity = { messageId: 'client-msg-1', clientTimestamp: '2025-05-01T12:34:56' };

const request = (overrides: Partial<SendRequest> = {}): SendRequest => ({
  mode: 'normal',
  text: 'What is 2 + 2?',
  conversationId: 'conv-1',
  parentMessageId: 'user-0-reply',
  setup: {
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    temperature: 0.4,
    top_p: 0.9,
    promptPrefix: 'Be brief.',
    maxContextTokens: 8000,
    resendFiles: true,
    imageDetail: 'auto',
  },
  ...overrides,
});

describe('buildSendBody', () => {
  it('sends the user message and every setting of the setup', () => {
    expect(buildSendBody(request(), identity)).toEqual({
      text: 'What is 2 + 2?',
      sender: 'User',
      clientTimestamp: '2025-05-01T12:34:56',
      isCreatedByUser: true,
      messageId: 'client-msg-1',
      parentMessageId: 'user-0-reply',
      conversationId: 'conv-1',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.4,
      top_p: 0.9,
      promptPrefix: 'Be brief.',
      maxContextTokens: 8000,
      resendFiles: true,
      imageDetail: 'auto',
      isContinued: false,
      isTemporary: false,
    });
  });

  it.each([null, 'new', 'PENDING'])('starts a new conversation for %s: null id, all-zeros parent', (conversationId) => {
    const body = buildSendBody(request({ conversationId, parentMessageId: 'stale-parent' }), identity);
    expect(body.conversationId).toBeNull();
    expect(body.parentMessageId).toBe(NO_PARENT);
    expect(JSON.parse(JSON.stringify(body))).toHaveProperty('conversationId', null);
  });

  it('sends the attached files with their link, type and an image size, not their names', () => {
    const files = [
      { file_id: 'f1', filepath: '/api/files/u1/f1', type: 'image/png', filename: 'a.png', width: 800, height: 600 },
      { file_id: 'f2', filepath: '/api/files/u1/f2', type: 'application/pdf', filename: 'b.pdf' },
    ];
    expect(buildSendBody(request({ files }), identity).files).toEqual([
      { file_id: 'f1', filepath: '/api/files/u1/f1', type: 'image/png', width: 800, height: 600 },
      { file_id: 'f2', filepath: '/api/files/u1/f2', type: 'application/pdf' },
    ]);
    expect(buildSendBody(request({ files: [] }), identity)).not.toHaveProperty('files');
  });

  it('carries the MCP servers turned on, and nothing when none is', () => {
    expect(buildSendBody(request({ ephemeralAgent: { mcp: ['local', 'web'] } }), identity)).toMatchObject({
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      ephemeralAgent: { mcp: ['local', 'web'] },
    });
    expect(buildSendBody(request({ ephemeralAgent: { mcp: [] } }), identity)).not.toHaveProperty('ephemeralAgent');
    // A saved agent brings its own tools.
    const agentRequest = request({
      setup: { endpoint: 'agents', agent_id: 'agent_1' },
      ephemeralAgent: { mcp: ['x'] },
    });
    expect(buildSendBody(agentRequest, identity)).not.toHaveProperty('ephemeralAgent');
  });

  it('carries web search when it is on, beside the servers', () => {
    const body = buildSendBody(request({ ephemeralAgent: { mcp: [], web_search: true } }), identity);
    expect(body.ephemeralAgent).toEqual({ mcp: [], web_search: true });
    const both = buildSendBody(request({ ephemeralAgent: { mcp: ['local'], web_search: false } }), identity);
    expect(both.ephemeralAgent).toEqual({ mcp: ['local'] });
  });

  it('sends a custom endpoint under its own name, typed custom', () => {
    const body = buildSendBody(
      request({ setup: { endpoint: 'Mistral', endpointType: 'custom', model: 'mistral-large' } }),
      identity,
    );
    expect(body).toMatchObject({ endpoint: 'Mistral', endpointType: 'custom', model: 'mistral-large' });
    // Also when an old setup lost the type.
    expect(buildSendBody(request({ setup: { endpoint: 'groq' } }), identity).endpointType).toBe('custom');
  });

  it('sends the temporary flag, and neither the title nor unset (null) settings', () => {
    const body = buildSendBody(
      request({
        setup: {
          endpoint: 'anthropic',
          title: 'Old title',
          promptPrefix: null,
          model: undefined,
          thinking: true,
          isTemporary: true,
        },
      }),
      identity,
    );
    expect(body.isTemporary).toBe(true);
    expect(body).not.toHaveProperty('title');
    expect(body).not.toHaveProperty('promptPrefix');
    expect(body).not.toHaveProperty('model');
    expect(body.thinking).toBe(true);
  });

  it('regenerates by naming the user message answered again', () => {
    const body = buildSendBody(
      request({
        mode: 'regenerate',
        text: 'old question',
        parentMessageId: 'user-1',
        overrideParentMessageId: 'user-1',
      }),
      identity,
    );
    expect(body).toMatchObject({
      isRegenerate: true,
      overrideParentMessageId: 'user-1',
      text: 'old question',
      isContinued: false,
    });
    expect(body).not.toHaveProperty('isEdited');
    expect(body).not.toHaveProperty('responseMessageId');
  });

  it('regenerates under parentMessageId when no override is given', () => {
    expect(
      buildSendBody(request({ mode: 'regenerate', parentMessageId: 'user-2' }), identity).overrideParentMessageId,
    ).toBe('user-2');
  });

  it('edits a user message as a new message under the original parent', () => {
    const body = buildSendBody(request({ mode: 'edit', text: 'What is 3 + 3?', parentMessageId: 'reply-0' }), identity);
    expect(body).toMatchObject({
      text: 'What is 3 + 3?',
      parentMessageId: 'reply-0',
      isEdited: true,
      messageId: 'client-msg-1',
    });
    expect(body).not.toHaveProperty('isRegenerate');
    expect(body).not.toHaveProperty('overrideParentMessageId');
  });

  it('edits a reply as a regenerate from its user message that starts from the edited text', () => {
    const body = buildSendBody(
      request({
        mode: 'edit',
        text: 'What is 2 + 2?',
        parentMessageId: 'user-1',
        responseMessageId: 'reply-1',
        generation: 'It is four',
      }),
      identity,
    );
    expect(body).toMatchObject({
      isRegenerate: true,
      isEdited: true,
      overrideParentMessageId: 'user-1',
      responseMessageId: 'reply-1',
      generation: 'It is four',
      text: 'What is 2 + 2?',
    });
  });

  it('continues a reply from its text so far', () => {
    const body = buildSendBody(
      request({
        mode: 'continue',
        text: 'What is 2 + 2?',
        parentMessageId: 'user-1',
        responseMessageId: 'reply-1',
        generation: 'The answer is',
      }),
      identity,
    );
    expect(body).toMatchObject({
      isContinued: true,
      isEdited: true,
      responseMessageId: 'reply-1',
      generation: 'The answer is',
    });
    expect(body).not.toHaveProperty('isRegenerate');
  });

  it('sends Bedrock and Google settings as they are', () => {
    const bedrock = buildSendBody(
      request({
        setup: { endpoint: 'bedrock', model: 'anthropic.claude-3-haiku', region: 'eu-west-1', maxTokens: 512 },
      }),
      identity,
    );
    expect(bedrock).toMatchObject({ endpoint: 'bedrock', region: 'eu-west-1', maxTokens: 512 });
    expect(bedrock).not.toHaveProperty('endpointType');
    const google = buildSendBody(
      request({ setup: { endpoint: 'google', topK: 40, topP: 0.95, maxOutputTokens: 8192 } }),
      identity,
    );
    expect(google).toMatchObject({ endpoint: 'google', topK: 40, topP: 0.95, maxOutputTokens: 8192 });
  });
});

describe('sendProblem', () => {
  it('refuses empty or whitespace text for normal sends and edits', () => {
    expect(sendProblem(request({ text: '  \n ' }))).not.toBeNull();
    expect(sendProblem(request({ mode: 'edit', text: '' }))).not.toBeNull();
    expect(sendProblem(request())).toBeNull();
  });

  it('lets regenerate go with the old text, and refuses a continue without the reply', () => {
    expect(sendProblem(request({ mode: 'regenerate', text: 'old question' }))).toBeNull();
    expect(sendProblem(request({ mode: 'continue' }))).toBe('cannot continue AI message without latestMessage!');
  });

  it('refuses the search view, a missing endpoint, and regenerating an unsaved conversation', () => {
    expect(sendProblem(request({ conversationId: 'search' }))).toBe('cannot send any message under search view!');
    expect(sendProblem(request({ setup: {} }))).toBe('Unknown endpoint or undefined endpoint');
    expect(sendProblem(request({ mode: 'regenerate', conversationId: 'new' }))).not.toBeNull();
  });
});

describe('client identity', () => {
  it('stamps local wall-clock time without a zone, and a fresh uuid', () => {
    expect(localTimestamp(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02T03:04:05');
    const first = newSendIdentity();
    expect(first.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(newSendIdentity().messageId).not.toBe(first.messageId);
  });
});
