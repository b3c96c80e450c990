import { useTranslation } from '@/lib/i18n/react';
import { FileChip } from './file-chip';
import { MessageImage } from './message-image';
import { isImageFile, readMessageFiles } from './read-files';

/** The files a message carries: its images, then its other files as download chips. */
export function MessageFiles({ files }: { files: unknown }) {
  const { t } = useTranslation();
  const all = readMessageFiles(files);
  if (all.length === 0) return null;
  const images = all.filter(isImageFile);
  const others = all.filter((file) => !isImageFile(file));
  return (
    <div role="group" aria-label={t('com_ui_message_files')} className="my-1 flex flex-col gap-2">
      {images.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {images.map((file) => (
            <MessageImage key={file.file_id} file={file} />
          ))}
        </div>
      )}
      {others.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {others.map((file) => (
            <FileChip key={file.file_id} file={file} />
          ))}
        </div>
      )}
    </div>
  );
}
