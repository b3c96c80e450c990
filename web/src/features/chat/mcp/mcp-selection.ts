import { conversationChoice } from '../badges/conversation-choice';

/**
 * Which MCP servers each chat has turned on, kept in this browser per conversation (see
 * conversationChoice): a new chat's choice moves to the conversation once the server names it.
 */
const NONE: string[] = [];

const selection = conversationChoice<string[]>('mcpServers:', {
  empty: NONE,
  isEmpty: (servers) => servers.length === 0,
  parse: (value) => (Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : NONE),
});

/** The servers turned on for `conversationId` (`new` for a chat not yet saved). */
export const mcpSelectionOf = (conversationId: string): string[] => selection.of(conversationId);

/** A new chat's choice becomes the saved conversation's. */
export const adoptMcpSelection = (conversationId: string): void => selection.adopt(conversationId);

export const useMcpSelection = (conversationId: string): [string[], (servers: string[]) => void] =>
  selection.use(conversationId);
