import { type DragEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { AVATAR_ACCEPT, isAcceptedAvatarFile } from '../../lib/avatar-crop';
import { formatMegabytes } from '../../lib/file-size';

/** LibreChat's default, used until the startup config has answered. */
const DEFAULT_AVATAR_SIZE_LIMIT_BYTES = 2 * 1024 * 1024;

/** Choose (or drop) a .png/.jpg/.jpeg within the server's avatar size limit. */
export function AvatarFilePicker({ onPick }: { onPick: (file: File) => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const limit = useStartupConfig().data?.avatarSizeLimit ?? DEFAULT_AVATAR_SIZE_LIMIT_BYTES;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const accept = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedAvatarFile(file)) {
      showToast({ message: t('com_ui_upload_invalid'), severity: 'error' });
    } else if (file.size > limit) {
      showToast({ message: t('com_ui_upload_invalid_var', { 0: formatMegabytes(limit) }), severity: 'error' });
    } else {
      onPick(file);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${dragging ? 'border-ring-primary bg-ring-primary/5' : 'border-border-light'}`}
    >
      <p className="text-sm text-text-secondary">{t('com_ui_max_file_size', { 0: `${formatMegabytes(limit)} MB` })}</p>
      <Button onClick={() => inputRef.current?.click()}>{t('com_ui_select_file')}</Button>
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_ACCEPT}
        aria-label={t('com_ui_file_input_avatar_label')}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          accept(event.target.files?.[0]);
          // Picking the same file again must fire change again.
          event.target.value = '';
        }}
      />
    </div>
  );
}
