import { type KeyboardEvent, useLayoutEffect, useState } from 'react';
import { useComposerInput } from '../composer/composer-input';

/** keyCode an IME reports while it still owns the key (Enter confirming a candidate). */
const IME_PROCESS_KEY_CODE = 229;

export interface CommandKeysOptions {
  /** How many options the list shows now. */
  count: number;
  /** The list is on screen; a hidden one takes no keys. */
  shown: boolean;
  /** Changes when the list is filtered anew: the first option becomes active again. */
  query: string;
  onChoose(index: number): void;
  /** Escape: the list closes and the typed text stays. */
  onClose(): void;
}

/**
 * The keys of a command list while focus stays in the message box: Up and Down move the active
 * option (wrapping at either end), Enter or Tab choose it, Escape closes. With nothing listed,
 * Enter and Tab keep their usual meaning. Returns the active option's index (-1 when none).
 */
export function useCommandKeys({ count, shown, query, onChoose, onClose }: CommandKeysOptions): {
  active: number;
  setActive(index: number): void;
} {
  const { keyHandlerRef } = useComposerInput();
  const [state, setState] = useState({ index: 0, query });
  // A new query starts from the first match (state adjusted during render, React's pattern).
  if (state.query !== query) setState({ index: 0, query });
  const active = count === 0 ? -1 : Math.min(state.index, count - 1);
  const setActive = (index: number) => setState({ index, query });

  const handle = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!shown || event.nativeEvent.isComposing || event.keyCode === IME_PROCESS_KEY_CODE) return false;
    const modified = event.shiftKey || event.ctrlKey || event.metaKey || event.altKey;
    if (event.key === 'Escape') {
      onClose();
    } else if (count > 0 && event.key === 'ArrowDown') {
      setActive(active >= count - 1 ? 0 : active + 1);
    } else if (count > 0 && event.key === 'ArrowUp') {
      setActive(active <= 0 ? count - 1 : active - 1);
    } else if (count > 0 && !modified && (event.key === 'Enter' || event.key === 'Tab')) {
      onChoose(active);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  // The composer asks the newest handler (it closes over this render's list).
  useLayoutEffect(() => {
    keyHandlerRef.current = handle;
    return () => {
      if (keyHandlerRef.current === handle) keyHandlerRef.current = null;
    };
  });

  return { active, setActive };
}
