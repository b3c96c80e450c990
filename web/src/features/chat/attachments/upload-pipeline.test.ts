import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EndpointFileLimits } from '@contract/files';
import { uploadFile, type UploadHandle } from '@/shared/files/api/upload-file';
import { prepareFiles, runUpload, type UploadCallbacks } from './upload-pipeline';

vi.mock('@/shared/files/api/upload-file', async (original) => ({
  ...(await original<typeof import('@/shared/files/api/upload-file')>()),
  uploadFile: vi.fn(),
}));

const limits: EndpointFileLimits = {
  disabled: false,
  fileLimit: 10,
  fileSizeLimit: 1024 * 1024,
  totalSizeLimit: 1024 * 1024,
  supportedMimeTypes: ['.*'],
};

afterEach(() => vi.mocked(uploadFile).mockReset());

describe('the upload pipeline', () => {
  it('keeps the last change of a file it retypes, and uploads as the signed-in user', async () => {
    // The browser gave no type; the checks take it from the extension, on a copy of the file.
    const picked = new File(['print(1)'], 'tool.py', { type: '', lastModified: 1_650_000_000_000 });
    const { added } = prepareFiles([picked], [], limits, true);
    const [{ attachment, file } = { attachment: undefined, file: undefined }] = added;
    expect(file?.type).not.toBe('');
    expect(file?.lastModified).toBe(1_650_000_000_000);

    const handle: UploadHandle = { result: new Promise(() => undefined), abort: () => undefined };
    vi.mocked(uploadFile).mockReturnValue(handle);
    const callbacks: UploadCallbacks = {
      update: vi.fn(),
      track: vi.fn(),
      isTracked: () => true,
      finish: vi.fn(),
      fail: vi.fn(),
    };
    if (!attachment || !file) throw new Error('the file was refused');
    void runUpload(attachment, file, 'openAI', callbacks, 'user-1');
    await vi.waitFor(() => expect(uploadFile).toHaveBeenCalled());
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0]).toMatchObject({ file, endpoint: 'openAI', userId: 'user-1' });
  });
});
