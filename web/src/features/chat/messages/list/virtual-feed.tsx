import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { ArrowDownIcon } from '@/shared/message/icons';
import { useEndMarkerHidden } from '../scroll/use-end-visibility';
import { type ScrollToEnd, useFollowScroll } from '../scroll/use-follow-scroll';

/**
 * Rows drawn beyond the viewport on each side: enough that a quick flick or PageDown lands on
 * drawn rows, few enough that a 1,000-message conversation keeps a small DOM.
 */
const OVERSCAN_ROWS = 6;

interface VirtualFeedProps {
  count: number;
  getItemKey: (index: number) => string;
  /** A first guess at a row's height (row-estimate.ts); each row is measured once drawn. */
  estimateSize: (index: number) => number;
  renderItem: (index: number) => ReactNode;
  /** Names the feed for assistive technology. */
  label: string;
  /** A reply is arriving: the feed is busy (screen readers must not announce every token). */
  isBusy: boolean;
  isSubmitting: boolean;
  conversationKey: string;
  /** Changes whenever a row's content changes (a token), so a streaming reply is followed. */
  contentVersion: string;
}

/** The viewport's size: no feed is larger, and the feed takes most of it. */
const windowRect = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The scrolling, virtualised message feed (WAI-ARIA feed pattern): rows are measured as they
 * render, PageDown/PageUp move between messages, an end marker below the last row drives the
 * scroll-to-bottom button, and a streaming reply is followed unless the user scrolls up.
 */
export function VirtualFeed({
  count,
  getItemKey,
  estimateSize,
  renderItem,
  label,
  isBusy,
  isSubmitting,
  conversationKey,
  contentVersion,
}: VirtualFeedProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [initialRect] = useState(windowRect);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    // The feed's size is only known once it is in the page. Guessed as 0 (the default), the
    // first render drew no row at all: the rows came in a second render, forced from the
    // layout effects, which also ran every effect of the newly opened page before the first
    // paint. The window is a close upper bound: the first render already draws the end.
    initialRect,
    // A conversation opens at its end. Starting the virtualiser there (by the estimates) makes
    // the first render draw the last rows; from 0 it drew, rendered the markdown of, and
    // measured the first rows, only to scroll away from them in the next frame.
    initialOffset: () => {
      let total = 0;
      for (let index = 0; index < count; index += 1) total += estimateSize(index);
      return total;
    },
    overscan: OVERSCAN_ROWS,
    getItemKey,
  });
  const totalSize = virtualizer.getTotalSize();

  const scrollToEnd = useCallback<ScrollToEnd>((behavior) => virtualizer.scrollToEnd({ behavior }), [virtualizer]);
  const { jumpToEnd } = useFollowScroll({
    scrollRef,
    scrollToEnd,
    contentVersion: `${contentVersion}:${totalSize}`,
    isSubmitting,
    conversationKey,
    hasMessages: count > 0,
  });
  const showScrollButton = useEndMarkerHidden(endRef, scrollRef, count > 0);

  const focusRow = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The row may only be drawn after the scroll; focus it once it is.
      window.requestAnimationFrame(() => {
        scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`)?.focus();
      });
    },
    [virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const row = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-index]') : null;
    if (!row) return;
    const index = Number(row.dataset.index) + (event.key === 'PageDown' ? 1 : -1);
    if (index < 0 || index >= count) return;
    event.preventDefault();
    focusRow(index);
  };

  const onScrollButton = () => {
    jumpToEnd();
    // The button disappears once the end is in view; the feed keeps the focus instead of the page.
    scrollRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="feed"
        aria-label={label}
        aria-busy={isBusy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring-primary"
      >
        <div className="relative w-full" style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute start-0 top-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {renderItem(item.index)}
            </div>
          ))}
        </div>
        <div ref={endRef} aria-hidden="true" data-testid="messages-end" className="h-6" />
      </div>
      {showScrollButton && (
        <button
          type="button"
          onClick={onScrollButton}
          aria-label={t('com_ui_scroll_to_bottom')}
          className="absolute bottom-4 left-1/2 z-10 flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-border-medium bg-surface-primary text-text-primary shadow-md hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
        >
          <ArrowDownIcon />
        </button>
      )}
    </div>
  );
}
