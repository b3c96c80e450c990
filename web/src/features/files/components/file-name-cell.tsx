import type { StoredFileResponse } from '@contract/files';
import { useFileObjectUrl } from '@/shared/files/hooks/use-file-object-url';
import { fileKindOf } from '../lib/file-list';
import { FileKindIcon } from './file-icons';

/** An image's preview: its bytes come with the bearer token, so the icon shows until they do. */
function Thumbnail({ file }: { file: StoredFileResponse }) {
  const url = useFileObjectUrl(file.filepath);
  if (!url) return <FileKindIcon kind="image" className="size-5" />;
  return <img src={url} alt="" className="size-full object-cover" data-testid="file-thumbnail" />;
}

/** The file's picture (a thumbnail for images, an icon by kind otherwise) and its name. */
export function FileNameCell({ file }: { file: StoredFileResponse }) {
  const kind = fileKindOf(file.type);
  return (
    <span className="flex min-w-0 items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-tertiary text-text-secondary">
        {kind === 'image' ? <Thumbnail file={file} /> : <FileKindIcon kind={kind} />}
      </span>
      <span className="line-clamp-2 min-w-0 font-medium break-words text-text-primary" title={file.filename}>
        {file.filename}
      </span>
    </span>
  );
}
