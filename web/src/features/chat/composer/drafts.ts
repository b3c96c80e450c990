/*
 * The composer's text draft per conversation, in localStorage (moved to a new conversation's
 * real id once it has one). Storage may be full or blocked (private mode): every function then
 * quietly does nothing, since a lost draft must never break typing or sending.
 */

/** Key prefix of a conversation's text draft; the files draft is kept by the files feature. */
export const TEXT_DRAFT_PREFIX = 'textDraft_';

/** Typing is saved once it pauses this long, so storage is not written on every key press. */
export const DRAFT_SAVE_DELAY_MS = 750;
/**
 * An emptied composer removes its draft only after this long: clearing the text to retype it
 * should not lose the saved draft to a reload in between.
 */
export const EMPTY_DRAFT_REMOVE_DELAY_MS = 2_500;
/** A single character is a stray key press, not a draft worth keeping. */
export const DRAFT_MIN_LENGTH = 2;
/** Ids this short (`new`) are not real conversations yet, so nothing is moved onto them. */
const REAL_ID_MIN_LENGTH = 4;

const keyOf = (conversationId: string) => `${TEXT_DRAFT_PREFIX}${conversationId}`;

/** The saved draft of a conversation, or '' when there is none. */
export function readDraft(conversationId: string): string {
  try {
    return window.localStorage.getItem(keyOf(conversationId)) ?? '';
  } catch {
    return '';
  }
}

/** Saves `text` as the conversation's draft; text too short to keep removes the draft instead. */
export function saveDraft(conversationId: string, text: string): void {
  if (text.length < DRAFT_MIN_LENGTH) {
    clearDraft(conversationId);
    return;
  }
  try {
    window.localStorage.setItem(keyOf(conversationId), text);
  } catch {
    // Full or blocked storage: the text stays in the composer, only the reload safety is lost.
  }
}

/** Removes a conversation's draft (after a send, and when its reply is final). */
export function clearDraft(conversationId: string): void {
  try {
    window.localStorage.removeItem(keyOf(conversationId));
  } catch {
    // Nothing stored can be left behind when storage cannot be reached.
  }
}

/**
 * Moves a draft to the conversation's new id: a PENDING conversation gets its real id once the
 * server answers, and the text typed meanwhile must follow it. Ignored for ids of 3 characters
 * or less, which are placeholders themselves.
 */
export function moveDraft(fromId: string, toId: string): void {
  if (fromId === toId || toId.length < REAL_ID_MIN_LENGTH) return;
  const draft = readDraft(fromId);
  if (!draft) return;
  saveDraft(toId, draft);
  clearDraft(fromId);
}
