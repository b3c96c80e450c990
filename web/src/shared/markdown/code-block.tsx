import { memo } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { useHighlightedCode } from './use-highlighted-code';

/** How long "Copied!" stays: 3 s, like every copy confirmation. */
export const COPY_CONFIRMATION_MS = 3000;

interface CodeBlockProps {
  /** The fence's language tag as written, if any. */
  language: string | undefined;
  code: string;
}

/**
 * A fenced code block: language label, copy button, highlighted code. Memoised on its two
 * strings, so while a reply streams only the block that is still growing re-highlights.
 */
export const CodeBlock = memo(function CodeBlock({ language, code }: CodeBlockProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard(COPY_CONFIRMATION_MS);
  const highlighted = useHighlightedCode(code, language);

  return (
    <div className="md-code my-4 overflow-hidden rounded-lg border border-border-light bg-surface-secondary first:mt-0 last:mb-0">
      <div className="flex items-center justify-between gap-2 border-b border-border-light px-3 py-1 text-xs text-text-secondary">
        <span className="truncate font-mono">{language}</span>
        <button
          type="button"
          onClick={() => void copy(code)}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 hover:bg-surface-primary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
          {/* The button's name is its text; the live region announces the change to "Copied!". */}
          <span aria-live="polite">{copied ? t('com_ui_copied') : t('com_ui_copy_code')}</span>
        </button>
      </div>
      <pre className="overflow-x-auto p-4 text-sm leading-6">
        <code className="font-mono">{highlighted ?? code}</code>
      </pre>
    </div>
  );
});

function CopyIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="m5 12 5 5L20 7" />
    </svg>
  );
}
