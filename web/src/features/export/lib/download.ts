/**
 * Saves `data` as a file named `filename` through a temporary object URL and link: no server
 * round trip, and works for text and images alike.
 */
export function downloadBlob(data: Blob, filename: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task, once the browser has started the download from it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Text files are UTF-8, with a MIME type the OS associates with the extension. */
export function textBlob(text: string, mimeType: string): Blob {
  return new Blob([text], { type: `${mimeType};charset=utf-8` });
}
