/** The file backup codes are saved to, as LibreChat names it. */
export const BACKUP_CODES_FILE_NAME = 'backup-codes.txt';

/** Saves `text` as a file through the browser's download. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** One code per line, as LibreChat saves them. */
export const downloadBackupCodes = (codes: readonly string[]): void =>
  downloadTextFile(BACKUP_CODES_FILE_NAME, `${codes.join('\n')}\n`);
