import { useCallback, useState } from 'react';

interface ScreenKeyState {
  key: number;
  conversationId: string;
  /** The id the open screen's own first send created: arriving there is not a new screen. */
  adopted: string | null;
}

export interface ScreenKey {
  /** Changes whenever another conversation opens (or New chat starts over). */
  key: number;
  /** The screen's new conversation got this id: the address will follow, the screen stays. */
  adopt(conversationId: string): void;
  /** Starts the screen over on the same address (New chat while already at /c/new). */
  reset(): void;
}

/**
 * The chat screen is remounted — setup, editor and scroll state start afresh — when the user
 * opens another conversation, but not when the address of a new conversation becomes its
 * real id after the first `created`: that is the same conversation, still streaming.
 */
export function useScreenKey(conversationId: string): ScreenKey {
  const [state, setState] = useState<ScreenKeyState>({ key: 0, conversationId, adopted: null });
  if (state.conversationId !== conversationId) {
    const same = conversationId === state.adopted;
    setState({ key: same ? state.key : state.key + 1, conversationId, adopted: null });
  }
  const adopt = useCallback((id: string) => setState((previous) => ({ ...previous, adopted: id })), []);
  const reset = useCallback(() => setState((previous) => ({ ...previous, key: previous.key + 1, adopted: null })), []);
  return { key: state.key, adopt, reset };
}
