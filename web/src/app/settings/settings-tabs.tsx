import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type SettingsTab<Id extends string> = { id: Id; label: string; icon: ReactNode; panel: ReactNode };

type SettingsTabsProps<Id extends string> = {
  tabs: readonly SettingsTab<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  label: string;
};

/**
 * Tabs as the ARIA pattern has them: one tab in the Tab order, arrow keys (and Home/End) move
 * and select. Vertical beside the panel on wide screens; on phones a two-column grid above it,
 * so every label fits a 390 px screen whole.
 *
 * The tabs and panel keep one fixed height whatever the tab, and a taller panel scrolls
 * inside: switching tabs must not resize the dialog under the pointer.
 */
export function SettingsTabs<Id extends string>({ tabs, value, onChange, label }: SettingsTabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === value) ?? tabs[0];

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === value);
    // In a right-to-left page the row of tabs runs from the right: the left arrow goes forward.
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + forward,
      ArrowUp: index - 1,
      ArrowLeft: index - forward,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className="flex h-[min(36rem,calc(92dvh-8rem))] flex-col gap-4 sm:h-[min(30rem,calc(92dvh-8rem))] sm:flex-row sm:gap-6">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="vertical"
        onKeyDown={onKeyDown}
        className="grid shrink-0 grid-cols-2 gap-1 sm:flex sm:w-44 sm:flex-col"
      >
        {tabs.map((tab) => {
          const selected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={`flex min-w-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm transition focus-visible:outline-2 focus-visible:outline-ring-primary sm:justify-start ${
                selected
                  ? 'bg-surface-secondary font-medium text-text-primary'
                  : 'text-text-secondary hover:bg-surface-secondary/60 hover:text-text-primary'
              }`}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      {/*
        The panel scrolls: its padding keeps the focus rings of controls at its edges unclipped,
        and its key makes each tab open at the top rather than at the last tab's scroll position.
      */}
      {current && (
        <div
          key={current.id}
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          tabIndex={0}
          className="-m-1 min-h-0 min-w-0 flex-1 overflow-y-auto rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
