/**
 * A pasted file gets a name that says where it came from and when: browsers name every pasted
 * screenshot `image.png`, and several of them would otherwise look like duplicates.
 */
export function pastedFile(file: File, now: number = Date.now()): File {
  return new File([file], `clipboard_${now}_${file.name || 'file'}`, {
    type: file.type,
    lastModified: file.lastModified,
  });
}
