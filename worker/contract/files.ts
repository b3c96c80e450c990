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
