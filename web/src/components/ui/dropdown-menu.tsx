import type { ReactNode } from 'react';
import { MENU_ITEM_FOCUS } from './menu-item-focus';
import { useMenuButton } from './use-menu-button';

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
  /** Classes of the element holding the button and the menu (its place in a flex row). */
  className?: string;
};

/**
 * A button that opens a menu: arrow keys, Home and End move between items, Enter selects,
 * Escape or Tab close it (Escape returns focus to the button), a click outside closes it.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  menuLabel,
  items,
  header,
  align = 'end',
  triggerClassName = '',
  className = '',
}: DropdownMenuProps) {
  const { open, close, containerRef, triggerProps, menuProps, itemProps } = useMenuButton({
    itemCount: items.length,
    align,
  });

  return (
    <div ref={containerRef} className={`relative ${className}`}>
      <button {...triggerProps} aria-label={triggerLabel} className={triggerClassName}>
        {trigger}
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label={menuLabel ?? triggerLabel}
          className={`absolute top-full z-40 mt-2 w-64 overflow-y-auto rounded-xl border border-border-light bg-surface-primary py-1.5 text-sm shadow-xl ${align === 'end' ? 'end-0' : 'start-0'}`}
        >
          {header && <div className="border-b border-border-light px-3 pb-2.5 pt-1.5">{header}</div>}
          <div className={header ? 'pt-1.5' : ''}>
            {items.map((item, index) => (
              <button
                key={item.id}
                {...itemProps(index)}
                type="button"
                role="menuitem"
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className={`flex w-full items-center gap-3 px-3 py-2 text-start text-text-primary transition hover:bg-surface-secondary ${MENU_ITEM_FOCUS}`}
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
