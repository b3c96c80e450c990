import type { Prompt } from '@contract/prompts';
import { useTranslation } from '@/lib/i18n/react';

type VersionListProps = {
  /** Newest first. */
  versions: Prompt[];
  productionId: string | null;
  selectedId: string | undefined;
  onSelect: (prompt: Prompt) => void;
};

const Tag = ({ children }: { children: string }) => (
  <span className="rounded-full bg-surface-tertiary px-2 py-0.5 text-xs text-text-primary">{children}</span>
);

/** Advanced mode: every saved version, the newest tagged latest and the one in use production. */
export function VersionList({ versions, productionId, selectedId, onSelect }: VersionListProps) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-label={t('com_ui_prompt_versions')}>
      <h2 className="mb-1.5 text-sm font-medium text-text-secondary">{t('com_ui_prompt_versions')}</h2>
      <ul className="flex flex-col gap-1" data-testid="prompt-versions">
        {versions.map((version, index) => {
          const date = format.format(new Date(version.createdAt));
          return (
            <li key={version._id}>
              <button
                type="button"
                aria-pressed={version._id === selectedId}
                onClick={() => onSelect(version)}
                className={`flex w-full flex-wrap items-center gap-1.5 rounded-lg border px-2.5 py-1.5 text-start text-sm focus-visible:outline-2 focus-visible:outline-ring-primary ${
                  version._id === selectedId
                    ? 'border-ring-primary bg-surface-secondary'
                    : 'border-border-light hover:bg-surface-secondary'
                }`}
              >
                <span className="me-auto text-text-primary">{date}</span>
                {index === 0 && <Tag>{t('com_ui_prompt_latest')}</Tag>}
                {version._id === productionId && <Tag>{t('com_ui_prompt_production')}</Tag>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
