import type { Attachment } from './attachment';

/*
 * The composer's uploaded files per conversation, kept like its text draft so a reload or a
 * visit to another chat does not lose them. Only uploaded files are kept: an upload in flight
 * cannot survive a reload. Storage may be full or blocked; then nothing is kept.
 */
const FILES_DRAFT_PREFIX = 'filesDraft_';
/** Ids this short (`new`) are placeholders, never the target of a move. */
const REAL_ID_MIN_LENGTH = 4;

const keyOf = (conversationId: string) => `${FILES_DRAFT_PREFIX}${conversationId}`;

function isAttachment(value: unknown): value is Attachment {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Attachment>;
  return typeof candidate.id === 'string' && typeof candidate.filename === 'string' && !!candidate.stored;
}

export function readFilesDraft(conversationId: string): Attachment[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(conversationId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isAttachment) : [];
  } catch {
    return [];
  }
}

export function saveFilesDraft(conversationId: string, attachments: Attachment[]): void {
  const kept = attachments
    .filter((attachment) => attachment.stored)
    // A local object URL dies with the page; a restored image shows from its link.
    .map((attachment) => ({ ...attachment, preview: attachment.preview && attachment.stored?.filepath, slow: false }));
  try {
    if (kept.length === 0) window.localStorage.removeItem(keyOf(conversationId));
    else window.localStorage.setItem(keyOf(conversationId), JSON.stringify(kept));
  } catch {
    // The files stay attached on screen; only the reload safety is lost.
  }
}

/** A new conversation's files follow it to its real id, as its text does. */
export function moveFilesDraft(fromId: string, toId: string): void {
  if (fromId === toId || toId.length < REAL_ID_MIN_LENGTH) return;
  const draft = readFilesDraft(fromId);
  if (draft.length === 0) return;
  saveFilesDraft(toId, draft);
  saveFilesDraft(fromId, []);
}
