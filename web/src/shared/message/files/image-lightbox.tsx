import { Dialog } from '@/components/ui/dialog';
import type { MessageFile } from '@/shared/conversation/types';
import { useFileObjectUrl } from '@/shared/files/hooks/use-file-object-url';

interface ImageLightboxProps {
  file: MessageFile;
  name: string;
  onClose(): void;
}

/** A message's image at full size over the page; Escape closes it and focus goes back to the image. */
export function ImageLightbox({ file, name, onClose }: ImageLightboxProps) {
  // The same cached bytes as the image in the message.
  const src = useFileObjectUrl(file.filepath);
  return (
    <Dialog open onClose={onClose} title={name} size="lg">
      <img
        src={src}
        alt={name}
        width={file.width}
        height={file.height}
        className="mx-auto block h-auto max-h-[75vh] w-auto max-w-full object-contain"
      />
    </Dialog>
  );
}
