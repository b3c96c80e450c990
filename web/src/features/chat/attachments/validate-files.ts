import type { EndpointFileLimits } from '@contract/files';
import { isModelImageType } from '@contract/vision';
import { effectiveType, isSupportedType } from './file-type';

/** A refusal as a locale key and its values, so the checks stay free of the UI. */
export interface FileProblem {
  key:
    | 'com_error_files_disabled'
    | 'com_error_files_unsupported_capability'
    | 'com_error_files_limit'
    | 'com_error_files_empty'
    | 'com_error_files_unknown_type'
    | 'com_error_files_unsupported_type'
    | 'com_error_files_size'
    | 'com_error_files_total'
    | 'com_error_files_dupe';
  values?: Record<string, string | number>;
}

/** What is attached already (uploading or uploaded), for the count, total and duplicate checks. */
export interface AttachedFile {
  filename: string;
  bytes: number;
  type: string;
}

export interface CheckedFiles {
  /** The files to upload, each with the type it is uploaded as. */
  accepted: { file: File; type: string }[];
  problems: FileProblem[];
}

const BYTES_PER_MB = 1024 * 1024;
/** Megabytes as the messages show them: whole numbers stay whole, others get one decimal. */
const megabytes = (bytes: number): number => Math.round((bytes / BYTES_PER_MB) * 10) / 10;

const typeClass = (type: string) => type.split('/')[0] ?? '';

/**
 * Checks files before anything is uploaded, with the texts the server would answer: too many
 * files refuses them all; each other problem refuses only its file. An image for a model that
 * cannot see images (`seesImages` false, see contract/vision) is refused; its other files go.
 */
export function checkFiles(
  files: File[],
  attached: AttachedFile[],
  limits: EndpointFileLimits,
  seesImages = true,
): CheckedFiles {
  if (limits.disabled) return { accepted: [], problems: [{ key: 'com_error_files_disabled' }] };
  if (files.length + attached.length > limits.fileLimit) {
    return { accepted: [], problems: [{ key: 'com_error_files_limit', values: { n: limits.fileLimit } }] };
  }
  const accepted: CheckedFiles['accepted'] = [];
  const problems: FileProblem[] = [];
  let total = attached.reduce((sum, file) => sum + file.bytes, 0);
  const taken = [...attached];
  for (const file of files) {
    const type = effectiveType(file, limits.supportedMimeTypes);
    const problem = problemOf(file, type, taken, total, limits) ?? visionProblem(file, type, seesImages);
    if (problem) {
      problems.push(problem);
      continue;
    }
    accepted.push({ file, type });
    taken.push({ filename: file.name, bytes: file.size, type });
    total += file.size;
  }
  return { accepted, problems };
}

function visionProblem(file: File, type: string, seesImages: boolean): FileProblem | null {
  if (seesImages || !isModelImageType(type)) return null;
  return { key: 'com_error_files_unsupported_capability', values: { filename: file.name } };
}

function problemOf(
  file: File,
  type: string,
  taken: AttachedFile[],
  total: number,
  limits: EndpointFileLimits,
): FileProblem | null {
  if (file.size === 0) return { key: 'com_error_files_empty' };
  if (!type) return { key: 'com_error_files_unknown_type', values: { filename: file.name } };
  if (!isSupportedType(type, limits.supportedMimeTypes)) {
    return { key: 'com_error_files_unsupported_type', values: { type } };
  }
  if (file.size >= limits.fileSizeLimit) {
    return { key: 'com_error_files_size', values: { n: megabytes(limits.fileSizeLimit) } };
  }
  if (total + file.size > limits.totalSizeLimit) {
    return { key: 'com_error_files_total', values: { n: megabytes(limits.totalSizeLimit) } };
  }
  const dupe = taken.some(
    (other) => other.filename === file.name && other.bytes === file.size && typeClass(other.type) === typeClass(type),
  );
  return dupe ? { key: 'com_error_files_dupe' } : null;
}
