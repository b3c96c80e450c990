/**
 * Message search as the API answers it (`GET /api/messages?search=…`): the caller's messages
 * whose text matches, newest first, each with its conversation's title and a marked snippet.
 * The FTS5 query, ownership and cost bounds live in db/search.ts; this module decides what a
 * page of the API holds and turns the index rows into LibreChat's message shape.
 */
import { NO_PARENT } from '../../contract/endpoints';
import { ERROR_CODES } from '../../contract/errors';
import type { MessageSearchPage, MessageSearchHit } from '../../contract/search';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '../../contract/search-marks';
import { parseContent } from '../../db/messages';
import { InvalidCursorError } from '../../db/paging';
import { measureSearchMessages, type SearchHit } from '../../db/search';
import { HttpError } from '../../http-error';
import { messageText } from '../chat/history';

export interface MessageSearchRequest {
  search: string;
  pageSize: number;
  cursor?: string | undefined;
  /** Search within this conversation only. */
  conversationId?: string | undefined;
}

/**
 * One page of hits. Title matches are left out: the search page lists messages (a title-only
 * hit has no message to show); titles are searched by the conversation list instead. A cursor
 * we did not issue is the client's mistake: 400, not 500.
 */
export async function searchUserMessages(
  d1: D1Database,
  userId: string,
  request: MessageSearchRequest,
): Promise<MessageSearchPage> {
  try {
    const page = await measureSearchMessages(d1, userId, request.search, {
      limit: request.pageSize,
      cursor: request.cursor ?? null,
      includeTitles: false,
      conversationId: request.conversationId ?? null,
      markers: { start: SEARCH_MARK_START, end: SEARCH_MARK_END },
    });
    return { messages: page.results.flatMap(toSearchMessage), nextCursor: page.nextCursor };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new HttpError(400, 'Invalid cursor', ERROR_CODES.validation);
    throw error;
  }
}

function toSearchMessage(hit: SearchHit): MessageSearchHit[] {
  const { message, messageId } = hit;
  // Only message rows reach here (titles are excluded); the guard keeps the types honest.
  if (hit.kind !== 'message' || message === null || messageId === null) return [];
  const isCreatedByUser = hit.isCreatedByUser === true;
  return [
    {
      messageId,
      conversationId: hit.conversationId,
      parentMessageId: message.parentMessageId ?? NO_PARENT,
      sender: hit.sender ?? (isCreatedByUser ? 'User' : 'AI'),
      text: messageText({ text: message.text, content: parseContent(message.content) }),
      isCreatedByUser,
      endpoint: hit.endpoint,
      model: hit.model,
      ...(message.iconURL !== null ? { iconURL: message.iconURL } : {}),
      title: hit.title,
      snippet: hit.snippet,
      searchResult: true,
      createdAt: new Date(hit.createdAt).toISOString(),
      updatedAt: new Date(hit.updatedAt).toISOString(),
    },
  ];
}
