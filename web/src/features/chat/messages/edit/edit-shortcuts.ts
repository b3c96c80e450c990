/** What a key press in the message editor asks for: Ctrl/Cmd+Enter, Ctrl/Cmd+S or Escape. */
export type EditCommand = 'save_and_submit' | 'save' | 'cancel';

export interface EditKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An IME is composing: Enter confirms the composition, it is not a command. */
  isComposing: boolean;
}

/** Ctrl/Cmd+Enter saves and submits, Ctrl/Cmd+S saves only, Escape cancels. */
export function editCommand({ key, ctrlKey, metaKey, isComposing }: EditKey): EditCommand | null {
  if (isComposing) return null;
  const modifier = ctrlKey || metaKey;
  if (modifier && key === 'Enter') return 'save_and_submit';
  if (modifier && key.toLowerCase() === 's') return 'save';
  if (key === 'Escape') return 'cancel';
  return null;
}
