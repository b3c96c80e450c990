/**
 * The server's word on a message's files as a whole, which no single upload can check: how many
 * it carries and their total size, against its endpoint's `fileLimit` and `totalSizeLimit`,
 * whether the endpoint takes files at all, whether the model can see the images among them, and
 * whether two of them are the same file uploaded twice. The composer checks the same before
 * uploading; this is the authority for any other client. The limits' texts are LibreChat's.
 */
import type { FileConfigResponse } from '../../contract/files';
import { isModelImageType } from '../../contract/vision';
import type { SentFile } from './attachments';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Number((bytes / MB).toFixed(2));

/** `image` of `image/png`: files of one class with the same name and size are one file twice. */
const typeClass = (type: string) => type.split('/')[0]?.toLowerCase() ?? '';

interface SentMessageFiles {
  files: readonly SentFile[];
  /** The send's model, named in the refusal of an image it cannot see. */
  model: string;
  seesImages: boolean;
}

/** Why the message's files are refused, or null when they fit. */
export function messageFilesRefusal(
  config: FileConfigResponse,
  endpoint: string,
  sent: SentMessageFiles,
): string | null {
  const limits = config.endpoints[endpoint] ?? config.endpoints.default;
  if (!limits || limits.disabled) return 'File uploads are disabled for this endpoint.';
  const { files } = sent;
  if (files.length > limits.fileLimit) return `You can only upload up to ${limits.fileLimit} files at a time.`;
  const bytes = files.reduce((total, file) => total + file.bytes, 0);
  if (bytes > limits.totalSizeLimit)
    return `The total size of the files cannot exceed ${megabytes(limits.totalSizeLimit)} MB.`;
  const image = sent.seesImages ? undefined : files.find((file) => isModelImageType(file.type));
  if (image) return `The model ${sent.model} cannot read images, so "${image.filename}" cannot be sent to it.`;
  const dupe = files.find((file, index) =>
    files
      .slice(0, index)
      .some(
        (other) =>
          other.filename === file.filename &&
          other.bytes === file.bytes &&
          typeClass(other.type) === typeClass(file.type),
      ),
  );
  if (dupe) return `Duplicate file detected: "${dupe.filename}" is attached more than once.`;
  return null;
}
