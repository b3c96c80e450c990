import { describe, expect, it } from 'vitest';
import { chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import type { ChatMessage } from '@/shared/conversation/types';
import {
  type ActionContext,
  BRANCHING_ENDPOINTS,
  canFork,
  EDITABLE_ENDPOINTS,
  endpointKind,
  visibleActions,
} from './action-rules';

const reply = (overrides: Partial<ChatMessage> = {}) =>
  chatMessage({ messageId: 'r', isCreatedByUser: false, endpoint: 'openAI', finish_reason: 'length', ...overrides });
const question = (overrides: Partial<ChatMessage> = {}) =>
  chatMessage({ messageId: 'q', endpoint: 'openAI', ...overrides });

const context = (overrides: Partial<ActionContext> = {}): ActionContext => ({
  message: reply(),
  endpoint: 'openAI',
  isSubmitting: false,
  isEditing: false,
  isLatest: true,
  readOnly: false,
  ...overrides,
});

describe('endpointKind', () => {
  it('keeps built-in names and calls any other name custom', () => {
    expect(endpointKind('anthropic', null)).toBe('anthropic');
    expect(endpointKind('Mistral', 'Mistral')).toBe('custom');
    expect(endpointKind('assistants', null)).toBe('assistants');
  });

  it('uses the conversation’s endpoint for a message without one', () => {
    expect(endpointKind(null, 'google')).toBe('google');
    expect(endpointKind(undefined, null)).toBeNull();
  });
});

describe('visibleActions', () => {
  it('offers everything on the latest unfinished reply of an editable endpoint', () => {
    expect(visibleActions(context())).toEqual({ copy: true, edit: true, regenerate: true, continue: true });
  });

  it('offers nothing but copy while a reply is being generated', () => {
    expect(visibleActions(context({ isSubmitting: true }))).toEqual({
      copy: true,
      edit: false,
      regenerate: false,
      continue: false,
    });
    expect(visibleActions(context({ message: question(), isSubmitting: true })).edit).toBe(false);
  });

  it('hides edit and continue on an error, but still allows regenerating it', () => {
    expect(visibleActions(context({ message: reply({ error: true }) }))).toEqual({
      copy: true,
      edit: false,
      regenerate: true,
      continue: false,
    });
  });

  it('continues only the latest reply whose finish_reason is set and is not stop', () => {
    expect(visibleActions(context({ isLatest: false })).continue).toBe(false);
    expect(visibleActions(context({ message: reply({ finish_reason: 'stop' }) })).continue).toBe(false);
    expect(visibleActions(context({ message: reply({ finish_reason: null }) })).continue).toBe(false);
    expect(visibleActions(context({ message: reply({ finish_reason: 'incomplete' }) })).continue).toBe(true);
  });

  it('never continues or regenerates the user’s own message, but lets them edit it', () => {
    expect(visibleActions(context({ message: question({ finish_reason: 'length' }) }))).toEqual({
      copy: true,
      edit: true,
      regenerate: false,
      continue: false,
    });
  });

  it.each(EDITABLE_ENDPOINTS)('edits and continues replies on %s', (endpoint) => {
    const actions = visibleActions(context({ endpoint }));
    expect(actions.edit && actions.continue && actions.regenerate).toBe(true);
  });

  it('regenerates chatGPTBrowser replies and edits its user messages, but does not edit or continue its replies', () => {
    expect(BRANCHING_ENDPOINTS).toContain('chatGPTBrowser');
    expect(visibleActions(context({ endpoint: 'chatGPTBrowser' }))).toEqual({
      copy: true,
      edit: false,
      regenerate: true,
      continue: false,
    });
    expect(visibleActions(context({ endpoint: 'chatGPTBrowser', message: question() })).edit).toBe(true);
  });

  it('offers no changes on unsupported or unknown endpoints', () => {
    for (const endpoint of ['assistants', 'azureAssistants', null]) {
      expect(visibleActions(context({ endpoint }))).toEqual({
        copy: true,
        edit: false,
        regenerate: false,
        continue: false,
      });
      expect(visibleActions(context({ endpoint, message: question() })).edit).toBe(false);
    }
  });

  it('offers only copy in read-only views, and nothing while the message is being edited', () => {
    expect(visibleActions(context({ readOnly: true }))).toEqual({
      copy: true,
      edit: false,
      regenerate: false,
      continue: false,
    });
    expect(visibleActions(context({ isEditing: true }))).toEqual({
      copy: false,
      edit: false,
      regenerate: false,
      continue: false,
    });
  });
});

describe('canFork', () => {
  it('offers fork on saved messages of a saved conversation', () => {
    expect(canFork(context())).toBe(true);
    expect(canFork(context({ message: question(), isLatest: false }))).toBe(true);
  });

  it('does not fork unsaved conversations, read-only views, open editors, or while a reply is generated', () => {
    for (const conversationId of ['new', 'PENDING', 'search', '', undefined]) {
      expect(canFork(context({ message: reply({ conversationId }) }))).toBe(false);
    }
    expect(canFork(context({ readOnly: true }))).toBe(false);
    expect(canFork(context({ isEditing: true }))).toBe(false);
    expect(canFork(context({ isSubmitting: true }))).toBe(false);
  });

  it('does not fork assistants threads', () => {
    expect(canFork(context({ endpoint: 'assistants' }))).toBe(false);
    expect(canFork(context({ endpoint: 'azureAssistants' }))).toBe(false);
  });
});
