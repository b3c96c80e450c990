import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

/** How long "Copied!" stays: 3 s, like every copy confirmation. */
export const COPY_CONFIRMATION_MS = 3000;

export function StackTrace({ stack }: { stack: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard(COPY_CONFIRMATION_MS);
  const lines = stack
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

  return (
    <section className="mb-4 rounded-xl border border-border-light p-4">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-medium">{t('com_ui_stack_trace')}</h2>
        <Button
          variant="outline"
          className="px-2 py-1 text-xs"
          onClick={() => void copy(stack)}
          aria-label={t('com_ui_copy_stack_trace')}
        >
          <span aria-live="polite">{copied ? t('com_ui_copied') : t('com_ui_copy')}</span>
        </Button>
      </div>
      <ol
        className="max-h-80 overflow-auto rounded-lg bg-black/5 p-4 font-mono text-xs dark:bg-white/5"
        data-testid="stack-trace"
      >
        {lines.map((line, index) => (
          <li key={index} className="flex gap-4">
            <span aria-hidden="true" className="text-text-secondary select-none">
              {String(index + 1).padStart(3, '0')}
            </span>
            <pre className="flex-1 whitespace-pre-wrap">{line}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
