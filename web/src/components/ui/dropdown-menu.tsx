import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export type DropdownMenuItem = {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
};

type DropdownMenuProps = {
  /** Content of the trigger button. */
  trigger: ReactNode;
  triggerLabel: string;
  /** The menu's own name, when it differs from the trigger's (default: the trigger's). */
  menuLabel?: string;
  items: DropdownMenuItem[];
  /** Shown above the items (e.g. who is signed in); not focusable. */
  header?: ReactNode;
  /** Which edge of the trigger the menu aligns to. */
  align?: 'start' | 'end';
  triggerClassName?: string;
};

/**
 * A button that opens a menu: arrow keys, Home and End move between items, Enter selects,
 * Escape or Tab close it (Escape returns focus to the button), a click outside closes it.
 */
export function DropdownMenu({ trigger, triggerLabel, menuLabel, items, header, align = 'end', triggerClassName = '' }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

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
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={menuLabel ?? triggerLabel}
          onKeyDown={onMenuKeyDown}
          className={`absolute top-full z-40 mt-2 w-64 overflow-hidden rounded-xl border border-border-light bg-surface-primary py-1.5 text-sm shadow-xl ${align === 'end' ? 'right-0' : 'left-0'}`}
        >
          {header && <div className="border-b border-border-light px-3 pb-2.5 pt-1.5">{header}</div>}
          <div className={header ? 'pt-1.5' : ''}>
            {items.map((item, index) => (
              <button
                key={item.id}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className="flex w-full items-center gap-3 px-3 py-2 text-left text-text-primary transition hover:bg-surface-secondary focus-visible:bg-surface-secondary focus-visible:outline-none"
              >
                {item.icon && <span className="text-text-secondary">{item.icon}</span>}
                {item.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
