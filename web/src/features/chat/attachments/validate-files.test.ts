import type { EndpointFileLimits } from '@contract/files';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { checkFiles, type AttachedFile } from './validate-files';

const MB = 1024 * 1024;
const limits: EndpointFileLimits = {
  disabled: false,
  fileLimit: 3,
  fileSizeLimit: 5 * MB,
  totalSizeLimit: 8 * MB,
  supportedMimeTypes: ['^image/(jpeg|png)$', '^text/(plain|x-python)$', '^application/pdf$'],
};

const fileOf = (name: string, bytes: number, type = '') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

/** The texts the user would read for a check. */
function texts(files: File[], attached: AttachedFile[] = [], config = limits) {
  const { problems } = checkFiles(files, attached, config);
  return problems.map((problem) => i18n.t(problem.key, problem.values));
}

describe('checking files before upload', () => {
  it('refuses every file when the count would pass the limit', () => {
    const attached = [{ filename: 'a.png', bytes: 10, type: 'image/png' }];
    const files = [
      fileOf('b.png', 10, 'image/png'),
      fileOf('c.png', 10, 'image/png'),
      fileOf('d.png', 10, 'image/png'),
    ];
    expect(texts(files, attached)).toEqual(['You can only upload up to 3 files at a time.']);
    expect(checkFiles(files, attached, limits).accepted).toEqual([]);
  });

  it('refuses a file at or above the size limit, in megabytes', () => {
    expect(texts([fileOf('big.pdf', 5 * MB, 'application/pdf')])).toEqual(['File size exceeds 5 MB.']);
    expect(texts([fileOf('fits.pdf', 5 * MB - 1, 'application/pdf')])).toEqual([]);
  });

  it('refuses what would take the total above its limit, counting files already attached', () => {
    const attached = [{ filename: 'a.pdf', bytes: 4 * MB, type: 'application/pdf' }];
    expect(texts([fileOf('b.pdf', 4.5 * MB, 'application/pdf')], attached)).toEqual([
      'The total size of the files cannot exceed 8 MB.',
    ]);
  });

  it('names a file whose type is unknown, and a type that is not accepted', () => {
    expect(texts([fileOf('notes', 10)])).toEqual(['Unable to determine file type for: notes']);
    expect(texts([fileOf('clip.mp4', 10, 'video/mp4')])).toEqual(['Currently, unsupported file type: video/mp4']);
  });

  it('takes the type from the extension when the browser gives a type that is not accepted', () => {
    const { accepted, problems } = checkFiles([fileOf('script.py', 10, 'application/octet-stream')], [], limits);
    expect(problems).toEqual([]);
    expect(accepted[0]?.type).toBe('text/x-python');
  });

  it('refuses an empty file and a duplicate, keeping the other files', () => {
    const attached = [{ filename: 'photo.png', bytes: 100, type: 'image/png' }];
    const files = [
      fileOf('empty.txt', 0, 'text/plain'),
      fileOf('photo.png', 100, 'image/png'),
      fileOf('ok.txt', 5, 'text/plain'),
    ];
    const { accepted, problems } = checkFiles(files, attached, { ...limits, fileLimit: 10 });
    expect(problems.map((problem) => problem.key)).toEqual(['com_error_files_empty', 'com_error_files_dupe']);
    expect(accepted.map(({ file }) => file.name)).toEqual(['ok.txt']);
  });

  it('refuses everything when the endpoint takes no files', () => {
    expect(texts([fileOf('a.png', 10, 'image/png')], [], { ...limits, disabled: true })).toEqual([
      'This endpoint does not accept attached files.',
    ]);
  });

  it('refuses images for a model that cannot see them, saying so, and keeps its other files', () => {
    const files = [fileOf('chart.png', 10, 'image/png'), fileOf('notes.txt', 5, 'text/plain')];
    const { accepted, problems } = checkFiles(files, [], limits, false);
    expect(problems.map((problem) => i18n.t(problem.key, problem.values))).toEqual([
      'This model cannot read images, so chart.png was not attached. Choose a model that sees images to send it.',
    ]);
    expect(accepted.map(({ file }) => file.name)).toEqual(['notes.txt']);
    // A model that sees images takes the same picture.
    expect(checkFiles(files, [], limits, true).problems).toEqual([]);
  });
});
