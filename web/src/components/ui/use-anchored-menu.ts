import { type RefObject, useLayoutEffect, useRef } from 'react';
import { placeMenu } from './menu-placement';

type AnchoredMenuOptions = {
  open: boolean;
  /** The button the menu belongs to. */
  anchorRef: RefObject<HTMLElement | null>;
  /** Which edge of the button the menu lines up with, when it fits. */
  align: 'start' | 'end';
  /**
   * A media query outside which the menu's own classes place it instead (a list spanning a
   * phone's width); by default it is always placed beside its button.
   */
  anchoredWhen?: string;
};

/** Browsers with the popover API (all current ones; not jsdom). */
const supportsPopover = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

const PLACED_PROPERTIES = ['position', 'top', 'left', 'right', 'bottom', 'margin', 'max-height'] as const;

/**
 * Keeps an open menu inside the viewport. The menu is shown in the top layer, so no scrolling
 * or transformed ancestor (the sidebar's virtual list) can clip it, and is placed beside its
 * button by `placeMenu`, again whenever the page scrolls, the window resizes or the menu grows.
 * Spread `popoverProps` on the menu element.
 */
export function useAnchoredMenu<T extends HTMLElement>({ open, anchorRef, align, anchoredWhen }: AnchoredMenuOptions) {
  const menuRef = useRef<T>(null);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const anchor = anchorRef.current;
    if (!open || !menu || !anchor) return;
    if (supportsPopover && !menu.matches(':popover-open')) menu.showPopover();

    const place = () => {
      for (const property of PLACED_PROPERTIES) menu.style.removeProperty(property);
      if (anchoredWhen && !window.matchMedia?.(anchoredWhen).matches) return;
      const root = document.documentElement;
      const { top, left, maxHeight } = placeMenu(
        anchor.getBoundingClientRect(),
        { width: menu.offsetWidth, height: menu.offsetHeight },
        { width: root.clientWidth, height: root.clientHeight },
        align,
        getComputedStyle(anchor).direction === 'rtl' ? 'rtl' : 'ltr',
      );
      const placed: Record<(typeof PLACED_PROPERTIES)[number], string> = {
        position: 'fixed',
        top: `${top}px`,
        left: `${left}px`,
        right: 'auto',
        bottom: 'auto',
        margin: '0',
        'max-height': `${maxHeight}px`,
      };
      for (const property of PLACED_PROPERTIES) menu.style.setProperty(property, placed[property]);
    };
    place();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    resized?.observe(menu);
    window.addEventListener('resize', place);
    // Capture: a scroll of any container (the sidebar's list) moves the button.
    window.addEventListener('scroll', place, true);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, anchorRef, align, anchoredWhen]);

  return { menuRef, popoverProps: { ref: menuRef, popover: supportsPopover ? ('manual' as const) : undefined } };
}
