/** What an Enter key press in the composer does (enter-to-send, Shift, Ctrl/Cmd, IME). */
export type EnterKeyAction =
  /** Send the message (the send rules still apply). */
  | 'send'
  /** Swallow the key: no send and no new line. */
  | 'block'
  /** Let the textarea have it: a new line, or the IME's own use of Enter. */
  | 'default';

type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'isComposing' | 'keyCode'>;

/** keyCode an IME reports for the key press that ends a composition (Safari fires it after compositionend). */
const IME_PROCESS_KEY_CODE = 229;

export function enterKeyAction(
  press: KeyPress,
  { enterToSend, isSubmitting }: { enterToSend: boolean; isSubmitting: boolean },
): EnterKeyAction {
  if (press.key !== 'Enter') return 'default';
  // Enter confirms the IME's candidate (Japanese, Chinese, Korean…); it must never send.
  if (press.isComposing || press.keyCode === IME_PROCESS_KEY_CODE) return 'default';
  const sends = press.ctrlKey || press.metaKey || (enterToSend && !press.shiftKey);
  if (!sends) return 'default';
  // A send key while a reply streams does nothing at all, rather than falling back to a new line.
  return isSubmitting ? 'block' : 'send';
}
