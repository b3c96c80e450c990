/**
 * The server's word on a message's files as a whole, which no single upload can check: how many
 * it carries and their total size, against its endpoint's `fileLimit` and `totalSizeLimit`, and
 * whether the endpoint takes files at all. The composer checks the same before uploading; this
 * is the authority for any other client. The texts are LibreChat's.
 */
import type { FileConfigResponse } from '../../contract/files';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Number((bytes / MB).toFixed(2));

/** Why the message's files are refused, or null when they fit. */
export function messageFilesRefusal(
  config: FileConfigResponse,
  endpoint: string,
  sent: { count: number; bytes: number },
): string | null {
  const limits = config.endpoints[endpoint] ?? config.endpoints.default;
  if (!limits || limits.disabled) return 'File uploads are disabled for this endpoint.';
  if (sent.count > limits.fileLimit) return `You can only upload up to ${limits.fileLimit} files at a time.`;
  if (sent.bytes > limits.totalSizeLimit)
    return `The total size of the files cannot exceed ${megabytes(limits.totalSizeLimit)} MB.`;
  return null;
}
