import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import type { MessageFile } from '@/shared/conversation/types';
import { useFileObjectUrl } from '@/shared/files/hooks/use-file-object-url';
import { displaySize } from './read-files';

// Opened on a click only: its code stays out of the chat's first load.
const ImageLightbox = lazy(() => import('./image-lightbox').then((module) => ({ default: module.ImageLightbox })));

/**
 * An image in a message at its own aspect ratio: its drawn size is known before it loads (the
 * width and height attributes; `max-w-full h-auto` keeps the ratio in narrow columns). A click
 * opens it at full size.
 */
export function MessageImage({ file }: { file: MessageFile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = file.filename ?? file.file_id;
  const size = file.width && file.height ? displaySize(file.width, file.height) : undefined;
  // Until the bytes arrive the box keeps its size (width and height), so nothing moves.
  const src = useFileObjectUrl(file.filepath);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('com_ui_open_image', { name })}
        className="block max-w-full overflow-hidden rounded-xl border border-border-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
      >
        <img
          src={src}
          alt={name}
          width={size?.width}
          height={size?.height}
          decoding="async"
          className={`block h-auto max-w-full bg-surface-secondary ${size ? '' : 'max-h-80'}`}
        />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ImageLightbox file={file} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
