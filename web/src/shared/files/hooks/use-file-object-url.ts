import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../api/download-file';

/** A file's bytes are the same for as long as its link exists: fetched once, kept while shown. */
const FILE_BLOB_GC_MS = 10 * 60_000;

/**
 * An object URL for a stored file's link (`/api/files/{userId}/{file_id}`), for `<img src>`.
 * The link answers only with the bearer token, which an `<img>` cannot send, so the bytes are
 * fetched with it and shown from memory. The Blob is cached by the query (a virtualised list
 * remounts its rows while scrolling); each mount makes its own URL and revokes it on unmount.
 * Undefined until the bytes have arrived, or when they cannot be read.
 */
export function useFileObjectUrl(filepath: string | undefined): string | undefined {
  const { data: blob } = useQuery({
    queryKey: ['file-bytes', filepath],
    queryFn: () => fetchFileBlob(filepath ?? ''),
    enabled: Boolean(filepath),
    staleTime: Infinity,
    gcTime: FILE_BLOB_GC_MS,
    retry: 1,
  });
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
