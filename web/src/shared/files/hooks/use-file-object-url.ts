import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../api/download-file';

/** The owner's file links (`/api/files/{userId}/{file_id}`), which answer only with the access token. */
const OWNER_FILE_LINK = '/api/files/';

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
  // A share page's images are at the link's own public address: an <img> loads them as they are.
  const needsToken = filepath?.startsWith(OWNER_FILE_LINK) ?? false;
  const { data: blob } = useQuery({
    queryKey: ['file-bytes', filepath],
    queryFn: () => fetchFileBlob(filepath ?? ''),
    enabled: needsToken,
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
  return needsToken ? url : filepath;
}
