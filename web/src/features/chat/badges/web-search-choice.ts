import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { usePermission } from '@/shared/config/api/get-role';
import { takesChatTools } from '../mcp/use-chat-mcp';
import { conversationChoice } from './conversation-choice';

/** Whether each chat turned web search on, kept in this browser per conversation. */
const choice = conversationChoice<boolean>('webSearch:', {
  empty: false,
  isEmpty: (on) => !on,
  parse: (value) => value === true,
});

/** A new chat's choice becomes the saved conversation's. */
export const adoptWebSearch = (conversationId: string): void => choice.adopt(conversationId);

export const useWebSearchChoice = (conversationId: string): [boolean, (on: boolean) => void] =>
  choice.use(conversationId);

/**
 * Whether a chat on `endpoint` may turn on web search: the server has a search tool (the
 * endpoints config says so on `agents`, which runs it) and the user may use agents.
 */
export function useWebSearchOffered(endpoint: string | null | undefined): boolean {
  const offered = useEndpoints().data?.agents?.webSearch === true;
  const mayUseAgents = usePermission('AGENTS', 'USE');
  return offered && mayUseAgents && takesChatTools(endpoint);
}
