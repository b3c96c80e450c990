import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { nextFollowing, UPWARD_SCROLL_KEYS } from './follow-state';
import { FOLLOW_SCROLL_THROTTLE_MS, MESSAGE_SCROLL_DEBOUNCE_MS, SMOOTH_SCROLL_THROTTLE_MS } from './scroll-timing';
import { debounce, throttle } from './timing';

export type ScrollToEnd = (behavior: 'auto' | 'smooth') => void;

interface FollowScrollOptions {
  scrollRef: RefObject<HTMLElement | null>;
  /** Scrolls the list to its very end (the virtualiser knows where that is). */
  scrollToEnd: ScrollToEnd;
  /** Changes whenever what is drawn changes size: the list's total height, a token. */
  contentVersion: string | number;
  isSubmitting: boolean;
  /** A new conversation is opened at its end. */
  conversationKey: string;
  hasMessages: boolean;
}

/**
 * Keeps a streaming reply in view: while a reply is being generated the list follows its end,
 * until the user scrolls up (wheel, touch, keys, or the scrollbar); reaching the bottom again, a
 * new send, or the scroll-to-bottom button resumes following. Returns `jumpToEnd` for that
 * button. Timings: scroll-timing.ts.
 */
export function useFollowScroll({
  scrollRef,
  scrollToEnd,
  contentVersion,
  isSubmitting,
  conversationKey,
  hasMessages,
}: FollowScrollOptions) {
  const following = useRef(true);
  const scrollToEndRef = useRef(scrollToEnd);
  useLayoutEffect(() => {
    scrollToEndRef.current = scrollToEnd;
  });

  const scrollers = useMemo(
    () => ({
      instant: throttle(() => scrollToEndRef.current('auto'), FOLLOW_SCROLL_THROTTLE_MS),
      smooth: throttle(() => scrollToEndRef.current('smooth'), SMOOTH_SCROLL_THROTTLE_MS),
      // Heights settle after the last change (images, code highlighting, math): one last jump.
      settle: debounce(() => {
        if (following.current) scrollToEndRef.current('auto');
      }, MESSAGE_SCROLL_DEBOUNCE_MS),
    }),
    [],
  );
  useEffect(
    () => () => {
      scrollers.instant.cancel();
      scrollers.smooth.cancel();
      scrollers.settle.cancel();
    },
    [scrollers],
  );

  // What the user does with the container decides whether we follow.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let lastTop = element.scrollTop;
    const stop = () => {
      following.current = false;
      scrollers.instant.cancel();
      scrollers.settle.cancel();
    };
    const onScroll = () => {
      const sample = {
        scrollTop: element.scrollTop,
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
      };
      const next = nextFollowing(following.current, lastTop, sample);
      if (!next && following.current) stop();
      following.current = next;
      lastTop = sample.scrollTop;
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stop();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (UPWARD_SCROLL_KEYS.has(event.key)) stop();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('touchmove', stop, { passive: true });
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchmove', stop);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [scrollRef, scrollers]);

  // Opening a conversation (or its messages arriving) shows its end.
  useLayoutEffect(() => {
    if (!hasMessages) return;
    following.current = true;
    scrollToEndRef.current('auto');
    scrollers.settle();
  }, [conversationKey, hasMessages, scrollers]);

  // A send starts: the user wants to see it, wherever they were.
  useEffect(() => {
    if (!isSubmitting) return;
    following.current = true;
    scrollers.smooth();
  }, [isSubmitting, scrollers]);

  // While the reply grows, keep its end in view.
  useEffect(() => {
    if (!isSubmitting || !following.current) return;
    scrollers.instant();
    scrollers.settle();
  }, [contentVersion, isSubmitting, scrollers]);

  const jumpToEnd = useCallback(() => {
    following.current = true;
    scrollers.smooth();
    scrollers.settle();
  }, [scrollers]);

  return { jumpToEnd };
}
