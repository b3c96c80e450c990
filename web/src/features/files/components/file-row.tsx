import { Link } from 'react-router-dom';
import type { StoredFileResponse } from '@contract/files';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { fileKindOf, formatBytes } from '../lib/file-list';
import { DownloadIcon } from './file-icons';
import { FileNameCell } from './file-name-cell';

export const cellClasses = 'px-3 py-2 text-start align-middle';
export const checkboxClasses =
  'size-4 accent-surface-submit focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary';

type FileRowProps = {
  file: StoredFileResponse;
  selected: boolean;
  onToggle: () => void;
  onDownload: () => void;
  downloading: boolean;
  dateFormat: Intl.DateTimeFormat;
};

/** A link to the chat the file was sent in, or a note that it was not sent yet. */
function UsedIn({ file }: { file: StoredFileResponse }) {
  const { t } = useTranslation();
  if (!file.conversationId) return <span className="text-text-secondary">{t('com_files_not_in_chat')}</span>;
  return (
    <Link
      to={paths.chat.conversation.getHref(file.conversationId)}
      aria-label={t('com_files_open_chat_named', { name: file.filename })}
      className="text-text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring-primary"
    >
      {t('com_files_open_chat')}
    </Link>
  );
}

/**
 * One file. On a phone only the checkbox, the name and the download button keep their columns;
 * size, date and the chat link move under the name, so the table never scrolls sideways.
 */
export function FileRow({ file, selected, onToggle, onDownload, downloading, dateFormat }: FileRowProps) {
  const { t, i18n } = useTranslation();
  const size = formatBytes(file.bytes, i18n.language);
  const date = <time dateTime={file.createdAt}>{dateFormat.format(new Date(file.createdAt))}</time>;
  return (
    <tr className="border-t border-border-light">
      <td className={`${cellClasses} w-10`}>
        <input
          type="checkbox"
          className={checkboxClasses}
          checked={selected}
          onChange={onToggle}
          aria-label={t('com_files_select', { name: file.filename })}
        />
      </td>
      <td className={`${cellClasses} w-full max-w-0`}>
        <FileNameCell file={file} />
        <span className="mt-0.5 block ps-12 text-xs text-text-secondary sm:hidden">
          {size} · {date}
          {file.conversationId && (
            <>
              {' · '}
              <UsedIn file={file} />
            </>
          )}
        </span>
      </td>
      <td className={`${cellClasses} hidden whitespace-nowrap text-text-secondary md:table-cell`}>
        {t(`com_files_kind_${fileKindOf(file.type)}`)}
      </td>
      <td className={`${cellClasses} hidden whitespace-nowrap text-text-secondary sm:table-cell`}>{size}</td>
      <td className={`${cellClasses} hidden whitespace-nowrap text-text-secondary sm:table-cell`}>{date}</td>
      <td className={`${cellClasses} hidden whitespace-nowrap sm:table-cell`}>
        <UsedIn file={file} />
      </td>
      <td className={`${cellClasses} w-12`}>
        <button
          type="button"
          onClick={onDownload}
          disabled={downloading}
          aria-busy={downloading || undefined}
          aria-label={t('com_files_download', { name: file.filename })}
          className="rounded-md p-2 text-text-secondary transition hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:opacity-50"
        >
          <DownloadIcon />
        </button>
      </td>
    </tr>
  );
}
