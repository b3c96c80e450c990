/** Scroll timings (LibreChat's values), named for what each one paces. */

/** The scroll-to-bottom button shows or hides once the end marker's visibility settles. */
export const SCROLL_BUTTON_DEBOUNCE_MS = 150;

/** Following a streaming reply: an instant jump to the end at most this often. */
export const FOLLOW_SCROLL_THROTTLE_MS = 145;

/** A smooth scroll to the end (a sent message, the button) at most this often; it takes about this long. */
export const SMOOTH_SCROLL_THROTTLE_MS = 750;

/** After the messages stop changing, one last jump to the end once heights have settled. */
export const MESSAGE_SCROLL_DEBOUNCE_MS = 500;

/** The end marker counts as seen when this share of it is visible. */
export const END_MARKER_VISIBLE_RATIO = 0.85;

/** How far from the end (px) still counts as "at the bottom" when deciding to follow. */
export const AT_BOTTOM_TOLERANCE_PX = 48;
