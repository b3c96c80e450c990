import { NO_PARENT } from '../../contract/endpoints';
import { SHOWN_IMAGE_TYPES, type SharedConversation, type SharedMessage } from '../../contract/share';
import { fileRefs, parseContent } from '../../db/messages';
import { findSharedConversation, type ShareHead, type SharedMessageRow } from '../../db/shares';
import type { EnvVars } from '../../env';
import { createIdAnonymiser, type IdAnonymiser } from './anonymise';
import { sharedFilePath } from './shared-file';

/** The title column's default: no title has been generated (yet). */
const UNTITLED = 'New Chat';

/**
 * Content parts a viewer gets: the text and the reasoning, each reduced to its string.
 * Tool calls and image parts are left out: their outputs and URLs point at the owner's storage
 * and sessions, which a public page must not expose (and could not load). Attached images are
 * shown through the link's own address instead (viewerFiles).
 */
function viewerContent(raw: string | null): SharedMessage['content'] {
  const parts = parseContent(raw);
  if (!parts) return undefined;
  const kept = parts.flatMap((part): NonNullable<SharedMessage['content']> => {
    if (part.type === 'text' && typeof part.text === 'string') return [{ type: 'text', text: part.text }];
    if (part.type === 'think' && typeof part.think === 'string') return [{ type: 'think', think: part.think }];
    return [];
  });
  return kept.length ? kept : undefined;
}

/**
 * The images of a shared message, each at the link's own address; other files (documents,
 * code) stay private. Their names and sizes are kept so the page can lay them out.
 */
function viewerFiles(raw: string | null, shareId: string): SharedMessage['files'] {
  const refs = fileRefs(raw) ?? [];
  const shown = refs.flatMap((ref) => {
    if (typeof ref.type !== 'string' || !SHOWN_IMAGE_TYPES.has(ref.type)) return [];
    return [
      {
        file_id: ref.file_id,
        filepath: sharedFilePath(shareId, ref.file_id),
        type: ref.type,
        ...(typeof ref.filename === 'string' ? { filename: ref.filename } : {}),
        ...(typeof ref.width === 'number' ? { width: ref.width } : {}),
        ...(typeof ref.height === 'number' ? { height: ref.height } : {}),
      },
    ];
  });
  return shown.length > 0 ? shown : undefined;
}

async function toSharedMessage(
  row: SharedMessageRow,
  conversationId: string,
  anonymise: IdAnonymiser,
  shareId: string,
): Promise<SharedMessage> {
  const isCreatedByUser = row.isCreatedByUser === 1;
  const message: SharedMessage = {
    messageId: await anonymise('msg', row.messageId),
    parentMessageId: await anonymise('msg', row.parentMessageId ?? NO_PARENT),
    conversationId,
    // A user's message could carry a name a client sent; a viewer sees the role only.
    sender: isCreatedByUser ? 'User' : (row.sender ?? 'AI'),
    text: row.text,
    isCreatedByUser,
    endpoint: row.endpoint,
    model: row.model,
    error: row.error === 1,
    unfinished: row.unfinished === 1,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
  const content = viewerContent(row.content);
  if (content) message.content = content;
  if (row.finish_reason !== null) message.finish_reason = row.finish_reason;
  if (row.iconURL !== null) message.iconURL = row.iconURL;
  const files = viewerFiles(row.files, shareId);
  if (files) message.files = files;
  return message;
}

export interface LoadedShare {
  head: ShareHead;
  conversation: SharedConversation;
}

/**
 * The public view of a link: its snapshot's messages, oldest first, with every id replaced
 * by the link's pseudonyms. Undefined for an unknown, private or deleted link.
 */
export async function loadSharedConversation(
  env: EnvVars & { DB: D1Database },
  shareId: string,
): Promise<LoadedShare | undefined> {
  const found = await findSharedConversation(env.DB, shareId);
  if (!found) return undefined;
  const anonymise = await createIdAnonymiser(env, shareId);
  const conversationId = await anonymise('convo', found.head.conversationId);
  const messages = await Promise.all(
    found.messages.map((row) => toSharedMessage(row, conversationId, anonymise, found.head.shareId)),
  );
  return {
    head: found.head,
    conversation: {
      shareId: found.head.shareId,
      title: found.head.title || UNTITLED,
      conversationId,
      isPublic: true,
      messages,
      createdAt: new Date(found.head.createdAt).toISOString(),
      updatedAt: new Date(found.head.updatedAt).toISOString(),
    },
  };
}
