import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ACTIVE_OPTION_MARK } from '@/components/ui/menu-item-focus';
import { useAnchoredMenu } from '@/components/ui/use-anchored-menu';
import { filterByQuery } from '../lib/model-search';

export interface PickerOption {
  value: string;
  label: string;
  /** A second line (a spec's description, an endpoint's key state). */
  description?: string;
  icon?: ReactNode;
}

export interface OptionPickerProps {
  /** What is being chosen ("Model"): the control's accessible name, with the current choice. */
  label: string;
  value: string | null | undefined;
  options: readonly PickerOption[];
  onSelect: (value: string) => void;
  /** Shown on the button while nothing is chosen. */
  placeholder: string;
  /** Adds a search box above the list (a combobox filtering the listbox). */
  searchable?: boolean;
  searchLabel?: string;
  /** Shown when the search matches nothing. */
  emptyText: string;
  disabled?: boolean;
  /** Decorates the button (the chosen endpoint's icon). */
  icon?: ReactNode;
  /**
   * In a size container (the header) narrower than 768 px the button shows only `icon` (when
   * there is one): a square like the icon buttons beside it.
   */
  iconOnlyWhenNarrow?: boolean;
  className?: string;
}

/**
 * A button that opens a list to choose one option from: listbox semantics, with the active
 * option tracked by aria-activedescendant so focus stays on the search box (or the list).
 * Arrow keys, Home and End move, Enter picks, Escape and Tab close and return to the button.
 * On small screens the list spans the viewport's width instead of hanging off the button.
 */
export function OptionPicker({
  label,
  value,
  options,
  onSelect,
  placeholder,
  searchable = false,
  searchLabel,
  emptyText,
  disabled,
  icon,
  iconOnlyWhenNarrow = false,
  className = '',
}: OptionPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // On phones the list spans the viewport's width below the header instead of hanging off the button.
  const { popoverProps } = useAnchoredMenu<HTMLDivElement>({
    open,
    anchorRef: triggerRef,
    align: 'start',
    anchoredWhen: '(min-width: 768px)',
  });

  const visible = searchable
    ? filterByQuery(options, query, (option) => `${option.label} ${option.value} ${option.description ?? ''}`)
    : [...options];
  const selected = options.find((option) => option.value === value);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const active = Math.min(activeIndex, Math.max(visible.length - 1, 0));

  useEffect(() => {
    if (!open) return;
    (searchable ? searchRef.current : listRef.current)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, searchable]);

  useEffect(() => {
    if (!open) return;
    // jsdom has no scrollIntoView; browsers keep the active option in sight.
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const openList = () => {
    setQuery('');
    setActiveIndex(
      Math.max(
        options.findIndex((option) => option.value === value),
        0,
      ),
    );
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const choose = (option: PickerOption | undefined) => {
    if (!option) return;
    close();
    if (option.value !== value) onSelect(option.value);
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const last = visible.length - 1;
    // In the search box Home and End move the caret, as in any text field.
    const moves: Record<string, number | undefined> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: searchable ? undefined : 0,
      End: searchable ? undefined : last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActiveIndex(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(visible[active]);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    }
  };

  const activeDescendant = open && visible.length > 0 ? optionId(active) : undefined;
  // The accessible name (aria-label) carries the choice, so hiding its text on phones loses nothing.
  const iconOnly = iconOnlyWhenNarrow && icon !== undefined;

  return (
    <div ref={containerRef} className={`relative min-w-0 ${className}`}>
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${label}: ${selected?.label ?? value ?? placeholder}`}
        onClick={() => (open ? close() : openList())}
        onKeyDown={(event) => {
          if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            openList();
          }
        }}
        className={`flex h-9 w-full min-w-0 items-center gap-2 rounded-lg border border-border-light bg-surface-primary px-2.5 text-sm font-medium text-text-primary transition-colors hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 ${
          iconOnly ? '@max-3xl:w-9 @max-3xl:justify-center @max-3xl:px-0' : ''
        }`}
      >
        {icon}
        <span className={`min-w-0 truncate ${iconOnly ? '@max-3xl:hidden' : ''}`}>
          {selected?.label ?? value ?? placeholder}
        </span>
        {/* Pushed to the end when the button is wider than its text; left out where a phone needs the room for the name. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className={`ms-auto size-4 shrink-0 text-text-secondary @max-2xl:hidden ${iconOnly ? '@max-3xl:hidden' : ''}`}
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <div
          {...popoverProps}
          className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-xl border border-border-light bg-surface-primary shadow-xl md:absolute md:inset-x-auto md:start-0 md:top-full md:mt-1.5 md:w-80"
        >
          {searchable && (
            <div className="border-b border-border-light p-2">
              <input
                ref={searchRef}
                type="search"
                role="combobox"
                aria-label={searchLabel ?? label}
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeDescendant}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActiveIndex(0);
                }}
                onKeyDown={onListKeyDown}
                placeholder={searchLabel}
                className="w-full rounded-md border border-border-medium bg-surface-input px-2.5 py-1.5 text-base text-text-primary placeholder:text-text-tertiary focus:outline-2 focus:outline-ring-primary sm:text-sm"
              />
            </div>
          )}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={label}
            tabIndex={searchable ? -1 : 0}
            aria-activedescendant={searchable ? undefined : activeDescendant}
            onKeyDown={searchable ? undefined : onListKeyDown}
            className="max-h-[min(18rem,60dvh)] overflow-y-auto py-1 outline-none"
          >
            {visible.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                // Keeps focus in the search box (or list) while a pointer picks.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(option)}
                className={`flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm text-text-primary ${index === active ? ACTIVE_OPTION_MARK : ''}`}
              >
                {option.icon}
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{option.label}</span>
                  {option.description && (
                    <span className="block truncate text-xs text-text-secondary">{option.description}</span>
                  )}
                </span>
                {option.value === value && (
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    className="size-4 shrink-0"
                  >
                    <path d="M20 6 9 17l-5-5" />
                  </svg>
                )}
              </li>
            ))}
          </ul>
          {visible.length === 0 && (
            <p role="status" className="px-3 py-3 text-sm text-text-secondary">
              {emptyText}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
