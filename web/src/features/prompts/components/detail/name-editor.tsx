import { useRef, useState } from 'react';
import { PROMPT_LIMITS } from '@contract/prompts';
import { useTranslation } from '@/lib/i18n/react';

type NameEditorProps = {
  name: string;
  canEdit: boolean;
  onSave: (name: string) => void;
};

/** The prompt's name as the page heading; its author renames it in place (Enter saves, Escape cancels). */
export function NameEditor({ name, canEdit, onSave }: NameEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  // Enter or Escape ends the edit; a blur the browser may send as the box goes must not act again.
  const finished = useRef(false);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const value = draft?.trim() ?? '';
    setDraft(null);
    // An empty name is not a name: leaving the box empty keeps the old one.
    if (save && value && value !== name) onSave(value);
  };

  if (draft !== null) {
    return (
      <input
        autoFocus
        value={draft}
        maxLength={PROMPT_LIMITS.nameMax}
        aria-label={t('com_ui_prompt_name_input')}
        data-testid="prompt-name-input"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            finish(false);
          }
        }}
        className="min-w-0 flex-1 rounded-lg border border-border-medium bg-surface-input px-2 py-1 text-xl font-semibold focus:outline-2 focus:outline-ring-primary"
      />
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <h1 className="truncate text-xl font-semibold" data-testid="prompt-name">
        {name}
      </h1>
      {canEdit && (
        <button
          type="button"
          onClick={() => {
            finished.current = false;
            setDraft(name);
          }}
          className="rounded-lg px-2 py-1 text-sm text-text-secondary hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          {t('com_ui_prompt_rename')}
        </button>
      )}
    </div>
  );
}
