/**
 * The upload limits in force: librechat.yaml's `fileConfig` (megabytes) over LibreChat's
 * defaults (bytes). Every endpoint entry comes out complete, so a client or the upload check
 * reads one entry instead of merging: an endpoint the config names starts from the effective
 * `default` entry, the built-in agents and assistants endpoints from the defaults themselves.
 */
import type { EndpointFileLimits, FileConfigResponse } from '../../contract/files';
import { avatarSizeLimitBytes } from '../avatar/avatar';
import type { AppConfig } from '../config/schema';

const MB = 1024 * 1024;

/** Text and code, spreadsheets, office documents and archives, common images. */
const DEFAULT_MIME_TYPES = [
  '^text/(x-c|x-csharp|tab-separated-values|x-c\\+\\+|x-java|html|markdown|x-php|x-python|x-script\\.python|x-ruby|x-tex|plain|css|vtt|javascript|csv)$',
  '^application/(vnd\\.ms-excel|msexcel|x-msexcel|x-ms-excel|x-excel|x-dos_ms_excel|xls|x-xls)$',
  '^application/(epub\\+zip|csv|json|pdf|x-tar|typescript|xml|zip|vnd\\.openxmlformats-officedocument\\.(wordprocessingml\\.document|presentationml\\.presentation|spreadsheetml\\.sheet))$',
  '^image/(jpeg|gif|png|webp)$',
  '^image/svg(\\+xml)?$',
];

const DEFAULT_ENDPOINT_FILE_LIMITS: EndpointFileLimits = {
  disabled: false,
  fileLimit: 10,
  fileSizeLimit: 512 * MB,
  totalSizeLimit: 512 * MB,
  supportedMimeTypes: DEFAULT_MIME_TYPES,
};

const DEFAULT_SERVER_FILE_SIZE_LIMIT = 512 * MB;

/** Endpoints that have their own entry by default, besides `default`. */
const BUILT_IN_ENDPOINTS = ['assistants', 'azureAssistants', 'agents'] as const;

type YamlEndpointFileConfig = NonNullable<NonNullable<AppConfig['fileConfig']>['endpoints']>[string];

const bytes = (mb: number) => Math.round(mb * MB);

/** `base` with what the config says for one endpoint laid over it. */
function applyEndpoint(base: EndpointFileLimits, yaml: YamlEndpointFileConfig | undefined): EndpointFileLimits {
  if (!yaml) return base;
  // Turned off: nothing may be attached, whatever else the entry says.
  if (yaml.disabled === true)
    return { disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] };
  return {
    disabled: false,
    fileLimit: yaml.fileLimit ?? base.fileLimit,
    fileSizeLimit: yaml.fileSizeLimit !== undefined ? bytes(yaml.fileSizeLimit) : base.fileSizeLimit,
    totalSizeLimit: yaml.totalSizeLimit !== undefined ? bytes(yaml.totalSizeLimit) : base.totalSizeLimit,
    supportedMimeTypes: yaml.supportedMimeTypes ?? base.supportedMimeTypes,
  };
}

export function effectiveFileConfig(config: AppConfig): FileConfigResponse {
  const yaml = config.fileConfig;
  const configured = yaml?.endpoints ?? {};
  const fallback = applyEndpoint(DEFAULT_ENDPOINT_FILE_LIMITS, configured.default);
  const endpoints: Record<string, EndpointFileLimits> = { default: fallback };
  for (const name of BUILT_IN_ENDPOINTS)
    endpoints[name] = applyEndpoint(DEFAULT_ENDPOINT_FILE_LIMITS, configured[name]);
  for (const [name, entry] of Object.entries(configured)) {
    if (name === 'default' || name in endpoints) continue;
    endpoints[name] = applyEndpoint(fallback, entry);
  }
  return {
    endpoints,
    serverFileSizeLimit:
      yaml?.serverFileSizeLimit !== undefined ? bytes(yaml.serverFileSizeLimit) : DEFAULT_SERVER_FILE_SIZE_LIMIT,
    avatarSizeLimit: avatarSizeLimitBytes(config),
    ...(yaml?.clientImageResize ? { clientImageResize: yaml.clientImageResize } : {}),
    ...(yaml?.imageGeneration ? { imageGeneration: yaml.imageGeneration } : {}),
  };
}
