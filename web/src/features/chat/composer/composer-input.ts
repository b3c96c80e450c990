import { createContext, type KeyboardEvent, type RefObject, useContext } from 'react';

/** Sees the message box's key presses before the composer does; true when it took the key. */
export type ComposerKeyHandler = (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;

/**
 * The message box as the composer's add-ons (the `/` and `@` commands) need it: its text, a
 * way to change it, and the first look at its keys, so a list open above it can take the arrow
 * keys and Enter before Enter sends.
 */
export interface ComposerInput {
  text: string;
  /** Replaces the text and puts the caret at its end in the box. */
  replaceText(text: string): void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  keyHandlerRef: { current: ComposerKeyHandler | null };
}

export const ComposerInputContext = createContext<ComposerInput | null>(null);

/** The composer's message box; only inside the composer's `commands` slot. */
export function useComposerInput(): ComposerInput {
  const input = useContext(ComposerInputContext);
  if (!input) throw new Error('useComposerInput must be used inside the composer');
  return input;
}
