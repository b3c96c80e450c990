import { AGENT_LIMITS } from '@contract/agents';
import { useTranslation } from '@/lib/i18n/react';

interface StartersFieldProps {
  starters: string[];
  onChange: (starters: string[]) => void;
  readOnly: boolean;
  error?: string;
}

/** Up to four conversation starters, one box each; the landing shows them as buttons. */
export function StartersField({ starters, onChange, readOnly, error }: StartersFieldProps) {
  const { t } = useTranslation();
  const boxes = Array.from({ length: AGENT_LIMITS.conversationStartersMax }, (_, index) => starters[index] ?? '');
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-text-primary">{t('com_agents_starters')}</legend>
      {boxes.map((value, index) => (
        <input
          key={index}
          aria-label={t('com_agents_starter_n', { n: index + 1 })}
          value={value}
          readOnly={readOnly}
          maxLength={AGENT_LIMITS.conversationStarterMax}
          placeholder={t('com_agents_starter_placeholder')}
          onChange={(event) => {
            const next = [...boxes];
            next[index] = event.target.value;
            onChange(next);
          }}
          className="block w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base text-text-primary placeholder:text-text-tertiary sm:text-sm focus:outline-2 focus:outline-ring-primary read-only:opacity-70"
        />
      ))}
      {error && <p className="text-sm text-text-destructive">{error}</p>}
    </fieldset>
  );
}
