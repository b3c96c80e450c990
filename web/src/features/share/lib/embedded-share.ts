import type { SharedConversation } from '@contract/share';

/** The id of the JSON the Worker embeds in /share/{shareId} (worker/services/share/render-page.ts). */
export const SHARE_DATA_ELEMENT_ID = 'share-data';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Enough of the shape to render safely. The data is our own server's, but it crosses a page
 * boundary (a stale cached page, a future format): anything else is ignored and fetched.
 */
function looksLikeSharedConversation(value: unknown): value is SharedConversation {
  return (
    isRecord(value) &&
    typeof value.shareId === 'string' &&
    typeof value.title === 'string' &&
    typeof value.createdAt === 'string' &&
    Array.isArray(value.messages) &&
    value.messages.every(
      (message) =>
        isRecord(message) &&
        typeof message.messageId === 'string' &&
        typeof message.parentMessageId === 'string' &&
        typeof message.text === 'string' &&
        typeof message.isCreatedByUser === 'boolean',
    )
  );
}

/**
 * The conversation the server rendered this page with, if it is the one asked for: after a
 * client-side navigation to another link the embedded data belongs to the first page only.
 */
export function readEmbeddedShare(shareId: string, doc: Document = document): SharedConversation | undefined {
  const text = doc.getElementById(SHARE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    return looksLikeSharedConversation(data) && data.shareId === shareId ? data : undefined;
  } catch {
    return undefined;
  }
}
