import { type ReactNode, useEffect, useId } from 'react';
import { ACTIVE_OPTION_MARK } from '@/components/ui/menu-item-focus';
import { useComposerInput } from '../composer/composer-input';

export interface CommandOption {
  /** Unique within the list. */
  id: string;
  label: string;
  /** A second line (the endpoint of a model, a prompt's command and one-line description). */
  description?: string;
  icon?: ReactNode;
  /** The heading of the section it is listed under. */
  group?: string;
}

interface CommandListProps {
  /** The listbox's accessible name. */
  label: string;
  options: readonly CommandOption[];
  active: number;
  onChoose(index: number): void;
  onHover(index: number): void;
  /** Shown when nothing matches. */
  emptyText: string;
}

const optionDomId = (listId: string, index: number) => `${listId}-option-${index}`;

/** Runs of options under one heading, in list order (indexes into the whole list). */
function sections(
  options: readonly CommandOption[],
): { group: string | undefined; first: number; indexes: number[] }[] {
  const runs: { group: string | undefined; first: number; indexes: number[] }[] = [];
  options.forEach((option, index) => {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.indexes.push(index);
    else runs.push({ group: option.group, first: index, indexes: [index] });
  });
  return runs;
}

/**
 * The list a command opens above the message box. Focus stays in the box: the box names the
 * list and its active option (aria-controls, aria-activedescendant) for screen readers.
 * A pointer picks without taking focus from the box.
 */
export function CommandList({ label, options, active, onChoose, onHover, emptyText }: CommandListProps) {
  const listId = useId();
  const { textareaRef } = useComposerInput();
  const activeId = active >= 0 ? optionDomId(listId, active) : undefined;

  useEffect(() => {
    const box = textareaRef.current;
    if (!box) return;
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-controls', listId);
    if (activeId) box.setAttribute('aria-activedescendant', activeId);
    else box.removeAttribute('aria-activedescendant');
    // jsdom has no scrollIntoView; browsers keep the active option in sight.
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      box.removeAttribute('aria-autocomplete');
      box.removeAttribute('aria-controls');
      box.removeAttribute('aria-activedescendant');
    };
  }, [textareaRef, listId, activeId]);

  return (
    <div className="absolute inset-x-0 bottom-full z-30 mb-2 overflow-hidden rounded-2xl border border-border-light bg-surface-primary shadow-lg">
      <div id={listId} role="listbox" aria-label={label} className="max-h-[min(20rem,45dvh)] overflow-y-auto py-1">
        {sections(options).map((section) => {
          const rows = section.indexes.map((index) => {
            const option = options[index];
            if (!option) return null;
            return (
              <div
                key={option.id}
                id={optionDomId(listId, index)}
                role="option"
                aria-selected={index === active}
                // Keeps focus (and the caret) in the message box while a pointer picks.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== active && onHover(index)}
                onClick={() => onChoose(index)}
                className={`flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm text-text-primary ${
                  index === active ? `bg-surface-secondary ${ACTIVE_OPTION_MARK}` : ''
                }`}
              >
                {option.icon}
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{option.label}</span>
                  {option.description && (
                    <span className="block truncate text-xs text-text-secondary">{option.description}</span>
                  )}
                </span>
              </div>
            );
          });
          if (!section.group) return rows;
          const headingId = `${listId}-group-${section.first}`;
          return (
            <div key={headingId} role="group" aria-labelledby={headingId}>
              <div id={headingId} className="px-3 pb-1 pt-2 text-xs font-medium text-text-secondary">
                {section.group}
              </div>
              {rows}
            </div>
          );
        })}
      </div>
      {options.length === 0 && (
        <p role="status" className="px-3 py-3 text-sm text-text-secondary">
          {emptyText}
        </p>
      )}
    </div>
  );
}
