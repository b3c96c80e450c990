/**
 * The open dialogs, innermost last. Only the innermost one answers Escape and traps Tab, so a
 * dialog opened from another (2FA setup from Settings) closes alone.
 */
const stack: HTMLElement[] = [];

export function pushDialog(panel: HTMLElement): () => void {
  stack.push(panel);
  if (stack.length === 1) document.body.style.overflow = 'hidden';
  return () => {
    const index = stack.indexOf(panel);
    if (index !== -1) stack.splice(index, 1);
    if (stack.length === 0) document.body.style.removeProperty('overflow');
  };
}

export const isTopDialog = (panel: HTMLElement): boolean => stack[stack.length - 1] === panel;
