import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useAnchoredMenu } from './use-anchored-menu';

type MenuButtonOptions = {
  /** How many items the menu lists now; it may change while the menu is open (items loading). */
  itemCount: number;
  /** Called each time the menu opens. */
  onOpen?: () => void;
  /**
   * Stop Escape at the menu, for a menu that sits inside something else that closes on Escape
   * (a dialog, the phone sidebar): closing the menu must not close that too.
   */
  containEscape?: boolean;
  /** Which edge of the button the menu lines up with when it fits (it always stays on screen). */
  align?: 'start' | 'end';
};

/**
 * The mechanics of a button that opens a menu (the WAI-ARIA menu button pattern), leaving the
 * markup to the component: ArrowDown/ArrowUp on the button open the menu at the first/last
 * item; in the menu the arrow keys (wrapping), Home and End move focus between items (one tab
 * stop, roving tabindex); Escape closes and returns focus to the button; Tab or a click outside
 * closes. Spread `triggerProps` on the button, `menuProps` on the menu, `itemProps(index)` on
 * each item, and put `containerRef` on the element holding both (outside clicks are outside it).
 * The menu is kept inside the viewport (see `useAnchoredMenu`).
 */
export function useMenuButton({ itemCount, onOpen, containEscape = false, align = 'end' }: MenuButtonOptions) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { popoverProps } = useAnchoredMenu<HTMLDivElement>({ open, anchorRef: triggerRef, align });
  const last = itemCount - 1;
  // Items can go while the menu is open: focus stays on the nearest one still there.
  const activeIndex = Math.min(focusIndex, Math.max(0, last));

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex, itemCount]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
    onOpen?.();
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : Math.max(0, last));
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex >= last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex <= 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(Math.max(0, next));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (containEscape) event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return {
    open,
    /** The item holding the menu's tab stop. */
    activeIndex,
    /** Moves focus to an item, e.g. the one just chosen in a menu that stays open. */
    focusItem: setFocusIndex,
    /** Closes the menu; `returnFocus` puts focus back on the button (after choosing, Escape). */
    close,
    containerRef,
    triggerProps: {
      ref: triggerRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? close(false) : openAt(0)),
      onKeyDown: onTriggerKeyDown,
    },
    menuProps: { ...popoverProps, id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown },
    itemProps: (index: number) => ({
      ref: (element: HTMLButtonElement | null) => {
        itemRefs.current[index] = element;
      },
      tabIndex: index === activeIndex ? 0 : -1,
    }),
  };
}
