/**
 * `GET /api/files/config`: the upload limits in force, the config's `fileConfig` merged with the
 * defaults. Sizes are bytes (the config file writes megabytes); MIME types are the sources of
 * regular expressions, matched against a file's type.
 */
export interface EndpointFileLimits {
  disabled: boolean;
  /** Files attached to one message. */
  fileLimit: number;
  fileSizeLimit: number;
  totalSizeLimit: number;
  supportedMimeTypes: string[];
}

export interface FileConfigResponse {
  /** Keyed by endpoint name; `default` applies to every endpoint not listed. */
  endpoints: Record<string, EndpointFileLimits>;
  /** The largest file the server takes, whatever the endpoint. */
  serverFileSizeLimit: number;
  avatarSizeLimit: number;
  clientImageResize?: {
    enabled?: boolean;
    maxWidth?: number;
    maxHeight?: number;
    quality?: number;
    compressFormats?: string[];
  };
  imageGeneration?: { percentage?: number; px?: number };
}

/**
 * A stored file as the API answers it (LibreChat's file document): `POST /api/files` and
 * `/api/files/images` (with a `message`), `GET /api/files`, the download's `x-file-metadata`.
 * `filepath` is the file's link, `GET /api/files/{userId}/{file_id}` (see fileLinkPath).
 */
export interface StoredFileResponse {
  file_id: string;
  /** The id the client gave the upload (its `file_id` form field). */
  temp_file_id?: string;
  user: string;
  conversationId?: string;
  filename: string;
  filepath: string;
  object: 'file';
  /** MIME type. */
  type: string;
  bytes: number;
  width?: number;
  height?: number;
  source: string;
  context: string;
  embedded: boolean;
  usage: number;
  /** ISO date; a generated file past it shows "download expired". */
  expiresAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** The link of a stored file, its `filepath`: readable by its owner, or from a share page that shows it. */
export function fileLinkPath(userId: string, fileId: string): string {
  return `/api/files/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`;
}

/**
 * How long an upload in parts may take: its signed session stops working after this, so the
 * browser forgets a saved session (kept to resume after a reload) once it is this old.
 */
export const UPLOAD_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The most of one text document a prompt takes: a longer file gives the model its beginning,
 * and its file on the message is marked `truncated`.
 */
export const DOCUMENT_MAX_BYTES = 100_000;
/** The same budget in tokens (about four bytes make one), as the message states it. */
export const DOCUMENT_MAX_TOKENS = DOCUMENT_MAX_BYTES / 4;
