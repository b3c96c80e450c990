import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useUploadAvatar } from '../../api/upload-avatar';
import { type CropState, INITIAL_CROP } from '../../lib/avatar-crop';
import { renderAvatarPng } from '../../lib/render-avatar';
import { useUpdateCurrentUser } from '../../lib/use-update-current-user';
import { AvatarCropper } from './avatar-cropper';
import { AvatarFilePicker } from './avatar-file-picker';
import { CropControls } from './crop-controls';
import { useLoadedImage } from './use-loaded-image';

/** Pick a picture → crop it (pan, zoom, rotate) → upload the 250×250 PNG. */
export function AvatarUploader({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const updateUser = useUpdateCurrentUser();
  const upload = useUploadAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [crop, setCrop] = useState<CropState>(INITIAL_CROP);
  const [rendering, setRendering] = useState(false);
  const failUpload = () => showToast({ message: t('com_ui_upload_error'), severity: 'error' });
  const image = useLoadedImage(file, () => {
    setFile(null);
    showToast({ message: t('com_ui_upload_invalid'), severity: 'error' });
  });
  const busy = rendering || upload.isPending;

  const pick = (picked: File) => {
    setCrop(INITIAL_CROP);
    setFile(picked);
  };

  const submit = async () => {
    if (!image || busy) return;
    setRendering(true);
    const png = await renderAvatarPng(image.element, crop).catch(() => null);
    setRendering(false);
    if (!png) return failUpload();
    upload.mutate(png, {
      onSuccess: ({ url }) => {
        updateUser({ avatar: url });
        showToast({ message: t('com_ui_upload_success'), severity: 'success' });
        onDone();
      },
      onError: failUpload,
    });
  };

  if (!file) return <AvatarFilePicker onPick={pick} />;

  return (
    <div className="flex flex-col items-center gap-4">
      {image ? (
        <>
          <AvatarCropper src={image.url} size={image.size} crop={crop} onChange={setCrop} />
          <CropControls size={image.size} crop={crop} onChange={setCrop} disabled={busy} />
        </>
      ) : (
        <div className="flex size-[250px] items-center justify-center rounded-xl bg-surface-secondary" role="status">
          <Spinner className="size-6" />
          <span className="sr-only">{t('com_ui_loading')}</span>
        </div>
      )}
      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setFile(null)} disabled={busy}>
          {t('com_ui_select_other_file')}
        </Button>
        <Button onClick={() => void submit()} disabled={!image} loading={busy}>
          {t(busy ? 'com_ui_uploading' : 'com_ui_upload')}
        </Button>
      </div>
    </div>
  );
}
