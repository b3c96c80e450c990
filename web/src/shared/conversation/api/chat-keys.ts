import { modelsQueryKey } from '@/shared/config/api/get-models';

/**
 * The react-query keys of the chat screen's server data, defined once so the stream (which
 * writes the finished reply into the cache) and the screens (which read it) always agree.
 */
export const chatKeys = {
  /** `GET /api/messages/{conversationId}`: the conversation's flat message list. */
  messages: (conversationId: string) => ['messages', conversationId] as const,
  /** `GET /api/convos/{id}`: one conversation. */
  conversation: (conversationId: string) => ['conversation', conversationId] as const,
  /** `GET /api/models`: the model names of each endpoint (the setup bar's query). */
  models: () => modelsQueryKey,
};
