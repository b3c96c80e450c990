import { useState } from 'react';
import type { StoredFileResponse } from '@contract/files';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { downloadPathOf, fetchFileBlob, saveBlob } from '@/shared/files/api/download-file';

/**
 * Downloads a file under its own name through the download route (with the bearer token), and
 * says "Error downloading file" when that fails. `busyId` is the file being fetched.
 */
export function useDownloadFile() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);

  const download = async (file: StoredFileResponse) => {
    setBusyId(file.file_id);
    try {
      const path = downloadPathOf(file.filepath);
      if (!path) throw new Error('not a file link');
      saveBlob(await fetchFileBlob(path), file.filename);
    } catch {
      showToast({ message: t('com_files_download_error'), severity: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return { download, busyId };
}
