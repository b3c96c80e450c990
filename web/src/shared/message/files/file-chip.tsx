import { useId, useState } from 'react';
import { DOCUMENT_MAX_TOKENS } from '@contract/files';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import type { MessageFile } from '@/shared/conversation/types';
import { downloadPathOf, fetchFileBlob, saveBlob } from '@/shared/files/api/download-file';

const isExpired = (file: MessageFile, now: number) => file.expiresAt !== undefined && Date.parse(file.expiresAt) <= now;

/**
 * A non-image file of a message: a button that downloads it under its own name. A generated
 * file whose link has expired says so instead; a document cut to the model's budget says so too.
 */
export function FileChip({ file }: { file: MessageFile }) {
  const { t, i18n } = useTranslation();
  const noteId = useId();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const name = file.filename ?? file.file_id;
  const expired = isExpired(file, Date.now());

  const download = async () => {
    const path = downloadPathOf(file.filepath);
    setBusy(true);
    try {
      if (!path) throw new Error('not a file link');
      saveBlob(await fetchFileBlob(path), name);
    } catch {
      showToast({ message: t('com_ui_download_error'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={expired || busy}
      aria-label={expired ? `${name}: ${t('com_ui_download_expired')}` : t('com_ui_download_file', { name })}
      aria-busy={busy || undefined}
      aria-describedby={file.truncated ? noteId : undefined}
      className="flex max-w-64 items-center gap-2 rounded-xl border border-border-light bg-surface-secondary px-3 py-2 text-start text-sm text-text-primary hover:bg-surface-tertiary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-70"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </svg>
      <span className="min-w-0 flex-1">
        <span className="block truncate">{name}</span>
        {expired && <span className="block text-xs text-text-secondary">{t('com_ui_download_expired')}</span>}
        {file.truncated && (
          <span id={noteId} className="block text-xs text-text-secondary">
            {t('com_ui_file_truncated', { tokens: DOCUMENT_MAX_TOKENS.toLocaleString(i18n.language) })}
          </span>
        )}
      </span>
    </button>
  );
}
