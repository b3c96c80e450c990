import { useCallback, useEffect, useRef, useState } from 'react';
import { PENDING_CONVERSATION } from '@/shared/conversation/types';
import {
  DRAFT_MIN_LENGTH,
  DRAFT_SAVE_DELAY_MS,
  EMPTY_DRAFT_REMOVE_DELAY_MS,
  clearDraft,
  moveDraft,
  readDraft,
  saveDraft,
} from './drafts';

type DraftOptions = {
  /** Text from the address (`prompt` / `q`): replaces the composer's text whenever it changes to a value. */
  initialText?: string;
  /** The saveDrafts preference: off means nothing is saved or restored. */
  enabled: boolean;
};

type PendingWrite = { conversationId: string; text: string; timer: ReturnType<typeof setTimeout> };

/**
 * A conversation going from or to PENDING is the same conversation being created (new →
 * PENDING → real id), not the user navigating away: the composer keeps its text.
 */
const isHandOver = (fromId: string, toId: string) => fromId === PENDING_CONVERSATION || toId === PENDING_CONVERSATION;

/**
 * The composer's text for a conversation, restored from and saved to its draft: saved 750 ms
 * after typing pauses, removed 2.5 s after the text is emptied. A pending save is written at
 * once when the user leaves the conversation, so the last keystrokes are not lost.
 */
export function useDraft(conversationId: string, { initialText, enabled }: DraftOptions) {
  const [view, setView] = useState(() => ({
    conversationId,
    prefill: initialText,
    text: initialText ?? (enabled ? readDraft(conversationId) : ''),
  }));

  // Adjusted while rendering (not in an effect) so the new conversation never paints the old text.
  let current = view;
  if (view.conversationId !== conversationId || view.prefill !== initialText) {
    let text = view.text;
    if (initialText !== undefined && initialText !== view.prefill) text = initialText;
    else if (view.conversationId !== conversationId && !isHandOver(view.conversationId, conversationId)) {
      text = enabled ? readDraft(conversationId) : '';
    }
    current = { conversationId, prefill: initialText, text };
    setView(current);
  }

  const pending = useRef<PendingWrite | null>(null);

  const cancel = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    const write = pending.current;
    if (!write) return;
    cancel();
    saveDraft(write.conversationId, write.text);
  }, [cancel]);

  const schedule = useCallback(
    (id: string, text: string) => {
      cancel();
      // saveDraft removes what is too short to keep, so one write covers both cases.
      const delay = text.length >= DRAFT_MIN_LENGTH ? DRAFT_SAVE_DELAY_MS : EMPTY_DRAFT_REMOVE_DELAY_MS;
      const timer = setTimeout(() => {
        pending.current = null;
        saveDraft(id, text);
      }, delay);
      pending.current = { conversationId: id, text, timer };
    },
    [cancel],
  );

  const setText = useCallback(
    (text: string) => {
      setView((state) => ({ ...state, text }));
      if (enabled) schedule(conversationId, text);
    },
    [conversationId, enabled, schedule],
  );

  /** After a send: the text is gone and so is its draft. */
  const clear = useCallback(() => {
    cancel();
    setView((state) => ({ ...state, text: '' }));
    clearDraft(conversationId);
  }, [cancel, conversationId]);

  const previousId = useRef(conversationId);
  useEffect(() => {
    const fromId = previousId.current;
    previousId.current = conversationId;
    if (fromId === conversationId) return;
    flush();
    if (isHandOver(fromId, conversationId)) moveDraft(fromId, conversationId);
  }, [conversationId, flush]);

  // Turning the preference off stops a save that was about to happen.
  useEffect(() => {
    if (!enabled) cancel();
  }, [enabled, cancel]);

  useEffect(() => flush, [flush]);

  return { text: current.text, setText, clear };
}
