import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { Markdown } from '@/shared/markdown';
import { textRows } from '../new-prompt-form';

type PromptTextEditorProps = {
  text: string;
  canEdit: boolean;
  /** Called when the user leaves editing with a changed text. */
  onSave: (text: string) => void;
};

/**
 * The version's text, shown as markdown. Its author switches to editing; leaving the box (a
 * click elsewhere or Escape) goes back to the preview and saves the text if it changed.
 */
export function PromptTextEditor({ text, canEdit, onSave }: PromptTextEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  // Escape leaves edit and so does the blur that follows it: the text is saved once.
  const leaving = useRef(false);

  const leave = () => {
    if (draft === null || leaving.current) return;
    leaving.current = true;
    setDraft(null);
    if (draft !== text && draft.trim()) onSave(draft);
  };

  const editing = draft !== null;
  return (
    <section aria-label={t('com_ui_prompt_text')} className="rounded-xl border border-border-light">
      <div className="flex items-center justify-between border-b border-border-light px-3 py-1.5">
        <h2 className="text-sm font-medium text-text-secondary">{t('com_ui_prompt_text')}</h2>
        {canEdit && (
          <button
            type="button"
            // The textarea's blur comes first and already saves; this press must not reopen it.
            onMouseDown={(event) => editing && event.preventDefault()}
            onClick={() => {
              if (editing) leave();
              else {
                leaving.current = false;
                setDraft(text);
              }
            }}
            className="rounded-lg px-2 py-1 text-sm text-text-secondary hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary"
          >
            {editing ? t('com_ui_prompt_preview_text') : t('com_ui_prompt_edit_text')}
          </button>
        )}
      </div>
      {editing ? (
        <textarea
          autoFocus
          aria-label={t('com_ui_prompt_text')}
          data-testid="prompt-text-input"
          rows={textRows(draft)}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={leave}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              leave();
            }
          }}
          className="block w-full resize-y rounded-b-xl bg-surface-input px-3 py-2 text-base focus:outline-2 focus:outline-ring-primary sm:text-sm"
        />
      ) : (
        <div className="px-3 py-2 text-sm" data-testid="prompt-text-preview">
          <Markdown content={text} />
        </div>
      )}
    </section>
  );
}
