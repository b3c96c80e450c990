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
 * and select. Vertical beside the panel on wide screens, a row above it on phones.
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
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:gap-6">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="vertical"
        onKeyDown={onKeyDown}
        className="flex shrink-0 gap-1 sm:w-44 sm:flex-col"
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
              className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm transition focus-visible:outline-2 focus-visible:outline-ring-primary sm:flex-none sm:justify-start ${
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
      {current && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          tabIndex={0}
          className="min-h-72 min-w-0 flex-1 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring-primary"
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
