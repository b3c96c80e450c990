import { useTranslation } from '@/lib/i18n/react';
import type { Attachment } from './attachment';
import { CloseIcon, DocumentIcon } from './icons';
import { ProgressRing } from './progress-ring';

interface AttachmentThumbsProps {
  items: Attachment[];
  onRemove(id: string): void;
}

/**
 * The composer's files above the message box: 70 px thumbnails (an image's preview, or a file
 * icon and name), each with its progress ring while it uploads and a button to cancel or remove.
 */
export function AttachmentThumbs({ items, onRemove }: AttachmentThumbsProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const slow = items.filter((item) => item.slow && item.progress < 1);
  return (
    <div className="px-1 pb-2">
      <ul aria-label={t('com_ui_attached_files')} className="flex flex-wrap gap-2">
        {items.map((item) => {
          const uploading = item.progress < 1;
          const removeLabel = t(uploading ? 'com_ui_cancel_upload' : 'com_ui_remove_file', { name: item.filename });
          return (
            <li
              key={item.id}
              title={item.filename}
              className="relative size-[70px] shrink-0 basis-[70px] overflow-hidden rounded-xl border border-border-light bg-surface-secondary"
            >
              {item.preview ? (
                <img src={item.preview} alt={item.filename} className="size-full object-cover" />
              ) : (
                <div className="flex size-full flex-col items-center justify-center gap-1 p-1 text-text-secondary">
                  <DocumentIcon />
                  <span className="w-full truncate text-center text-[11px] leading-tight">{item.filename}</span>
                </div>
              )}
              {uploading && (
                <ProgressRing progress={item.progress} label={t('com_ui_uploading_file', { name: item.filename })} />
              )}
              <button
                type="button"
                onClick={() => onRemove(item.id)}
                aria-label={removeLabel}
                title={removeLabel}
                className="absolute end-1 top-1 flex size-6 items-center justify-center rounded-full bg-surface-primary text-text-primary shadow focus-visible:outline-2 focus-visible:outline-ring-primary"
              >
                <CloseIcon />
              </button>
            </li>
          );
        })}
      </ul>
      {slow.length > 0 && (
        <p role="status" className="pt-1 text-xs text-text-secondary">
          {t('com_ui_upload_delay', { name: slow.map((item) => item.filename).join(', ') })}
        </p>
      )}
    </div>
  );
}
