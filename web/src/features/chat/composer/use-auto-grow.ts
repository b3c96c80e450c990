import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';

/** Above this many lines the composer can be collapsed. */
export const COLLAPSIBLE_ABOVE_LINES = 3;
/**
 * Used when the computed line height is not a number (`normal`, or no layout at all): the
 * textarea's line height at its default 16 px.
 */
const FALLBACK_LINE_HEIGHT_PX = 24;

const px = (value: string) => Number.parseFloat(value) || 0;

/** Height of the text inside the textarea (scrollHeight counts the padding, not the border). */
function contentLines(textarea: HTMLTextAreaElement): number {
  const style = window.getComputedStyle(textarea);
  const lineHeight = px(style.lineHeight) || FALLBACK_LINE_HEIGHT_PX;
  const padding = px(style.paddingTop) + px(style.paddingBottom);
  return (textarea.scrollHeight - padding) / lineHeight;
}

/**
 * Grows the textarea with its text (the CSS max-height caps it and it scrolls beyond), and
 * tells whether it is tall enough to offer collapsing. A collapsed composer that shrinks back
 * to 3 lines or fewer expands again, since its toggle is gone. An empty textarea is as tall as
 * its placeholder, so a new placeholder is measured too (a long one shown while the setup
 * loads must not leave the box two lines tall). So is a new text size (`fontSize`, a class).
 */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string, placeholder = '', fontSize = '') {
  const [tall, setTall] = useState(false);
  const [collapsed, setCollapsed] = useState(false);

  const measure = useCallback(() => {
    const textarea = ref.current;
    if (!textarea) return;
    // Shrink first, or scrollHeight would never report less than the current height.
    textarea.style.height = 'auto';
    textarea.style.height = `${textarea.scrollHeight}px`;
    const isTall = contentLines(textarea) > COLLAPSIBLE_ABOVE_LINES;
    setTall(isTall);
    if (!isTall) setCollapsed(false);
  }, [ref]);

  // Before paint, so the textarea never flashes at its old height.
  useLayoutEffect(measure, [measure, text, placeholder, fontSize]);

  // Wrapping changes with the width (rotation, resize), and with it the number of lines.
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const toggle = useCallback(() => setCollapsed((value) => !value), []);
  return { tall, collapsed, toggle };
}
