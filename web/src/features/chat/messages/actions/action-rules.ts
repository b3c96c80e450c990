import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import type { ChatMessage } from '@/shared/conversation/types';

/** Endpoints whose replies can be edited and continued. */
export const EDITABLE_ENDPOINTS: readonly string[] = [
  'openAI',
  'custom',
  'google',
  'agents',
  'bedrock',
  'anthropic',
  'gptPlugins',
  'azureOpenAI',
];

/** Endpoints that support branching at all: regenerate, and editing the user's messages. */
export const BRANCHING_ENDPOINTS: readonly string[] = [...EDITABLE_ENDPOINTS, 'chatGPTBrowser'];

/** The endpoint names that are built in; any other name is a custom endpoint's own name. */
const BUILT_IN_ENDPOINTS: readonly string[] = [...BRANCHING_ENDPOINTS, 'assistants', 'azureAssistants'];

/**
 * The endpoint kind the rules are about. Messages store a custom endpoint under its own name
 * (e.g. "Mistral"), which must count as `custom`; a message without one (a placeholder still
 * streaming) belongs to the conversation's endpoint.
 */
export function endpointKind(
  messageEndpoint: string | null | undefined,
  conversationEndpoint: string | null | undefined,
): string | null {
  const name = messageEndpoint || conversationEndpoint;
  if (!name) return null;
  return BUILT_IN_ENDPOINTS.includes(name) ? name : 'custom';
}

export interface ActionContext {
  message: ChatMessage;
  /** From endpointKind. */
  endpoint: string | null;
  isSubmitting: boolean;
  /** This message's inline editor is open. */
  isEditing: boolean;
  /** The last message of the branch on screen. */
  isLatest: boolean;
  /** A search result or a shared view: nothing may change it. */
  readOnly: boolean;
}

export interface VisibleActions {
  copy: boolean;
  edit: boolean;
  regenerate: boolean;
  continue: boolean;
}

/** Which per-message actions are offered. */
export function visibleActions({
  message,
  endpoint,
  isSubmitting,
  isEditing,
  isLatest,
  readOnly,
}: ActionContext): VisibleActions {
  const isEditable = endpoint !== null && EDITABLE_ENDPOINTS.includes(endpoint);
  const supportsBranching = endpoint !== null && BRANCHING_ENDPOINTS.includes(endpoint);
  const isReply = !message.isCreatedByUser;
  const canChange = !readOnly && !isEditing;
  const finishReason = message.finish_reason;
  return {
    copy: !isEditing,
    edit: canChange && !isSubmitting && !message.error && supportsBranching && (isEditable || !isReply),
    regenerate: canChange && !isSubmitting && isReply && supportsBranching,
    // An unfinished reason (length, incomplete…) means there is more to say; "stop" means done.
    continue:
      canChange &&
      !isSubmitting &&
      !message.error &&
      isReply &&
      isLatest &&
      isEditable &&
      !!finishReason &&
      finishReason !== 'stop',
  };
}

/** Endpoints whose conversations live on the provider (assistant threads): LibreChat cannot fork them. */
const UNFORKABLE_ENDPOINTS: readonly string[] = ['assistants', 'azureAssistants'];

/**
 * Whether a message offers "fork" (features/fork): only a saved message of a
 * saved conversation can be copied by the server, and not while a reply is being generated
 * (the messages on screen are not all saved yet) or in read-only views.
 */
export function canFork({ message, endpoint, isSubmitting, isEditing, readOnly }: ActionContext): boolean {
  const unforkable = endpoint !== null && UNFORKABLE_ENDPOINTS.includes(endpoint);
  return !readOnly && !isEditing && !isSubmitting && !unforkable && !isUnsavedConversationId(message.conversationId);
}
