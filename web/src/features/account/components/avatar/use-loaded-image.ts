import { useEffect, useState } from 'react';
import type { ImageSize } from '../../lib/avatar-crop';

export type LoadedImage = { url: string; element: HTMLImageElement; size: ImageSize };

/**
 * Decodes a picked file into an image (null while loading, or when it is not a picture the
 * browser can read: `onError` is called then). The object URL is released on change/unmount.
 */
export function useLoadedImage(file: File | null, onError: () => void): LoadedImage | null {
  const [loaded, setLoaded] = useState<LoadedImage | null>(null);

  useEffect(() => {
    setLoaded(null);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const element = new Image();
    let active = true;
    element.onload = () => {
      if (active) setLoaded({ url, element, size: { width: element.naturalWidth, height: element.naturalHeight } });
    };
    element.onerror = () => {
      if (active) onError();
    };
    element.src = url;
    return () => {
      active = false;
      URL.revokeObjectURL(url);
    };
    // onError is a notification; a new callback identity must not reload the image.
  }, [file]);

  return loaded;
}
