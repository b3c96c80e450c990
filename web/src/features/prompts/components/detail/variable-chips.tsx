import { useTranslation } from '@/lib/i18n/react';
import { variableNames } from '@/shared/prompts/lib/variables';

/** The text's variables at a glance, each once. */
export function VariableChips({ text }: { text: string }) {
  const { t } = useTranslation();
  const names = variableNames(text);
  return (
    <section aria-label={t('com_ui_prompt_variables')}>
      <h2 className="mb-1.5 text-sm font-medium text-text-secondary">{t('com_ui_prompt_variables')}</h2>
      {names.length === 0 ? (
        <p className="text-xs text-text-secondary">{t('com_ui_prompt_no_variables')}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" data-testid="prompt-variable-chips">
          {names.map((name) => (
            <li key={name} className="rounded-full bg-surface-tertiary px-2.5 py-0.5 text-xs text-text-primary">
              {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
