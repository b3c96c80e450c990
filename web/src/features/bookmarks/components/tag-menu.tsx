import type { ReactNode } from 'react';
import { MENU_ITEM_FOCUS } from '@/components/ui/menu-item-focus';
import { useMenuButton } from '@/components/ui/use-menu-button';
import { CheckIcon } from './icons';

/** A bookmark the menu shows with a checkmark; choosing it toggles and keeps the menu open. */
export type TagMenuCheckItem = { kind: 'check'; id: string; label: string; checked: boolean; onToggle: () => void };
/** A command (new bookmark, clear the filter, manage); choosing it closes the menu. */
export type TagMenuActionItem = { kind: 'action'; id: string; label: string; icon?: ReactNode; onSelect: () => void };
export type TagMenuItem = TagMenuCheckItem | TagMenuActionItem;

type TagMenuProps = {
  /** Content of the trigger button. */
  trigger: ReactNode;
  triggerLabel: string;
  menuLabel: string;
  items: TagMenuItem[];
  /** Shown inside the menu when there is nothing to list (loading, failed). */
  status?: ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
  /** The menu's width classes; it spans the trigger by default. */
  menuClassName?: string;
  /** Called when the menu opens (e.g. to load the bookmarks). */
  onOpen?: () => void;
};

/**
 * A button opening a menu of checkable bookmarks and commands (the ARIA menu pattern):
 * arrow keys, Home and End move, Enter or Space choose, Escape closes and returns focus to
 * the button, Tab or a click outside closes. Checking a bookmark leaves the menu open, so
 * several can be toggled in a row, as in LibreChat's bookmark menus.
 */
export function TagMenu({
  trigger,
  triggerLabel,
  menuLabel,
  items,
  status,
  align = 'end',
  triggerClassName = '',
  menuClassName = 'w-64',
  onOpen,
}: TagMenuProps) {
  const { open, focusItem, close, containerRef, triggerProps, menuProps, itemProps } = useMenuButton({
    itemCount: items.length,
    onOpen,
    // The menu may sit in a dialog or over the sidebar: this Escape is the menu's alone.
    containEscape: true,
    align,
  });

  const choose = (item: TagMenuItem, index: number) => {
    if (item.kind === 'check') {
      focusItem(index);
      item.onToggle();
      return;
    }
    close(true);
    item.onSelect();
  };

  return (
    <div ref={containerRef} className="relative">
      <button {...triggerProps} aria-label={triggerLabel} title={triggerLabel} className={triggerClassName}>
        {trigger}
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label={menuLabel}
          className={`absolute top-full z-40 mt-2 max-h-[60dvh] overflow-y-auto rounded-xl border border-border-light bg-surface-primary py-1.5 text-sm text-text-primary shadow-xl ${menuClassName} ${align === 'end' ? 'end-0' : 'start-0'}`}
        >
          {status && <div className="px-3 py-2 text-text-secondary">{status}</div>}
          {items.map((item, index) => (
            <button
              key={item.id}
              {...itemProps(index)}
              type="button"
              role={item.kind === 'check' ? 'menuitemcheckbox' : 'menuitem'}
              aria-checked={item.kind === 'check' ? item.checked : undefined}
              onClick={() => choose(item, index)}
              className={`flex w-full items-center gap-3 px-3 py-2 text-start transition hover:bg-surface-secondary ${MENU_ITEM_FOCUS}`}
            >
              {item.kind === 'check' ? (
                <span className={`inline-flex size-4 ${item.checked ? 'text-text-primary' : 'invisible'}`}>
                  <CheckIcon />
                </span>
              ) : (
                item.icon && <span className="text-text-secondary">{item.icon}</span>
              )}
              <span className="min-w-0 flex-1 truncate" title={item.label}>
                {item.label}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
