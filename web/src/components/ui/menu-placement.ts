/** The space kept between a menu and the viewport's edges. */
export const VIEWPORT_MARGIN = 8;

/** The gap between a menu and the button that opened it. */
const ANCHOR_GAP = 6;

type Box = { top: number; left: number; right: number; bottom: number };

export type MenuPlacement = {
  top: number;
  left: number;
  /** Set when the menu is taller than the room it has: it scrolls instead of leaving the screen. */
  maxHeight: number;
};

/**
 * Where a menu opened from `anchor` goes so that it stays inside the viewport: below the anchor,
 * lined up with its start or end edge (in the page's reading direction), then flipped above when only that side has room, and
 * shifted sideways (or capped in height) as far as needed to keep `VIEWPORT_MARGIN` to every edge.
 */
export function placeMenu(
  anchor: Box,
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
  align: 'start' | 'end',
  direction: 'ltr' | 'rtl' = 'ltr',
): MenuPlacement {
  const maxLeft = viewport.width - VIEWPORT_MARGIN - menu.width;
  // Start and end are the reading direction's: a right-to-left page starts on the right.
  const alignRight = (align === 'end') === (direction === 'ltr');
  const preferredLeft = alignRight ? anchor.right - menu.width : anchor.left;
  // A menu wider than the viewport keeps its start edge on screen.
  const left = Math.max(VIEWPORT_MARGIN, Math.min(preferredLeft, maxLeft));

  const roomBelow = viewport.height - VIEWPORT_MARGIN - (anchor.bottom + ANCHOR_GAP);
  const roomAbove = anchor.top - ANCHOR_GAP - VIEWPORT_MARGIN;
  const below = menu.height <= roomBelow || roomBelow >= roomAbove;
  const room = Math.max(below ? roomBelow : roomAbove, 0);
  const height = Math.min(menu.height, room);
  const top = below ? anchor.bottom + ANCHOR_GAP : anchor.top - ANCHOR_GAP - height;
  return { top, left, maxHeight: room };
}
