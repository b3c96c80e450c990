/**
 * Whether a long conversation scrolls smoothly: the page scrolls its message feed up by a fixed
 * distance on every animation frame, as a quick flick does, and records each frame's
 * requestAnimationFrame timestamp. Those timestamps fall on the display's frame boundaries, so a
 * gap of two intervals is one frame the page missed because its main thread was still busy
 * (drawing, measuring and rendering the markdown of the rows scrolling in).
 */
import type { Page } from 'playwright-core';
import { median } from './stats';

export interface ScrollFigure {
  /** Frames the page asked for. */
  frames: number;
  /** Frames the display showed without a new scroll step in them (the page was late). */
  droppedFrames: number;
  /** px scrolled in all. */
  scrolledPx: number;
  /** Messages that came into view during the scroll (the virtual feed drew new rows). */
  rowsDrawn: number;
}

/**
 * The frames missed between consecutive requestAnimationFrame timestamps: a gap of k display
 * intervals (the median gap) holds k - 1 missed frames.
 */
export function droppedFrames(timestamps: readonly number[]): number {
  const gaps = timestamps.slice(1).map((time, index) => time - (timestamps[index] ?? time));
  const interval = median(gaps);
  if (!(interval > 0)) return 0;
  return gaps.reduce((missed, gap) => missed + Math.max(0, Math.round(gap / interval) - 1), 0);
}

/** What the page script answers. */
interface ScrollRecord {
  timestamps: number[];
  scrolledPx: number;
  rowsDrawn: number;
}

/**
 * The page script: scrolls `[role="feed"]` up by `pxPerFrame` on each of `frames` animation
 * frames. A string, not a function: the tools' TypeScript runner adds helpers to functions that
 * the page does not have.
 */
function scrollScript(frames: number, pxPerFrame: number): string {
  return `(async () => {
  const feed = document.querySelector('[role="feed"]');
  if (!feed) throw new Error('The chat screen shows no [role="feed"] to scroll.');
  const idsInView = () => new Set([...feed.querySelectorAll('[data-message-id]')].map((row) => row.dataset.messageId));
  const before = idsInView();
  const seen = new Set();
  const startTop = feed.scrollTop;
  const timestamps = [];
  await new Promise((resolve) => {
    const step = (time) => {
      timestamps.push(time);
      for (const id of idsInView()) if (!before.has(id)) seen.add(id);
      if (timestamps.length > ${frames}) return resolve();
      feed.scrollTop -= ${pxPerFrame};
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  return { timestamps, scrolledPx: startTop - feed.scrollTop, rowsDrawn: seen.size };
})()`;
}

/** Three seconds of frames at 60 Hz. */
const FRAMES = 180;
/** 9,000 px a second: a quick flick through a long chat, a dozen messages a second. */
const PX_PER_FRAME = 150;

/** Scrolls the open chat screen of `page` up and counts the frames it missed. */
export async function measureScroll(page: Page): Promise<ScrollFigure> {
  const record = (await page.evaluate(scrollScript(FRAMES, PX_PER_FRAME))) as ScrollRecord;
  // A feed that did not move, or drew no new row, measured nothing.
  if (record.scrolledPx < FRAMES * PX_PER_FRAME * 0.5 || record.rowsDrawn === 0) {
    throw new Error(
      `Scrolling the conversation moved ${record.scrolledPx} px and drew ${record.rowsDrawn} new messages; ` +
        `expected about ${FRAMES * PX_PER_FRAME} px and many messages (did it open scrolled to the bottom?).`,
    );
  }
  return {
    frames: FRAMES,
    droppedFrames: droppedFrames(record.timestamps),
    scrolledPx: record.scrolledPx,
    rowsDrawn: record.rowsDrawn,
  };
}
