import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import type { UploadedFile, UploadInput } from '@/shared/files/api/upload-file';
import { fileConfig, renderAttachments } from './testing/render-attachments';

type Pending = { input: UploadInput; resolve(file: UploadedFile): void; reject(error: unknown): void; abort(): void };
const uploads: Pending[] = [];

vi.mock('@/shared/files/api/upload-file', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/files/api/upload-file')>();
  return {
    ...actual,
    uploadFile: (input: UploadInput) => {
      let settle!: Pick<Pending, 'resolve' | 'reject'>;
      const result = new Promise<UploadedFile>((resolve, reject) => {
        settle = { resolve, reject };
      });
      const pending: Pending = { input, ...settle, abort: () => settle.reject(new actual.UploadCanceledError()) };
      uploads.push(pending);
      return { result, abort: () => pending.abort() };
    },
  };
});
vi.mock('./measure-image', () => ({ measureImage: async () => ({ width: 800, height: 600 }) }));
// The slow-upload warning's delay is tested on its own; here it comes at once.
vi.mock('./upload-progress', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upload-progress')>()),
  slowUploadDelayMs: (bytes: number) => (bytes > 1_000 ? 50 : 60_000),
}));

const stored = (input: UploadInput): UploadedFile => ({
  message: 'File uploaded and processed successfully',
  file_id: `server-${input.fileId}`,
  temp_file_id: input.fileId,
  user: 'u1',
  filename: input.file.name,
  filepath: `/api/files/u1/server-${input.fileId}`,
  object: 'file',
  type: input.file.type,
  bytes: input.file.size,
  ...(input.width ? { width: input.width, height: input.height } : {}),
  source: 'r2',
  context: 'message_attachment',
  embedded: false,
  usage: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
});

const png = (name = 'photo.png') => new File(['png'], name, { type: 'image/png' });
const pdf = (name = 'report.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });

beforeEach(() => {
  uploads.length = 0;
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.useRealTimers();
});

async function configLoaded() {
  // The attach button works once the limits are known.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled());
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('composer attachments', () => {
  it('keeps send disabled while a file uploads, then sends the text with the uploaded file', async () => {
    const view = renderAttachments();
    await configLoaded();
    fireEvent.change(view.textbox(), { target: { value: 'What is in this picture?' } });
    view.choose(png());
    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect(upload.input).toMatchObject({ endpoint: 'openAI', width: 800, height: 600 });
    expect(screen.getByRole('progressbar', { name: 'Uploading photo.png' })).toHaveAttribute('aria-valuenow', '60');
    expect(view.sendButton()).toBeDisabled();

    await act(async () => upload.resolve(stored(upload.input)));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    expect(view.sendButton()).toBeDisabled();
    await waitFor(() => expect(view.sendButton()).toBeEnabled());
    expect(screen.queryByRole('progressbar')).toBeNull();

    fireEvent.click(view.sendButton());
    expect(view.onSubmit).toHaveBeenCalledExactlyOnceWith('What is in this picture?', [
      {
        file_id: `server-${upload.input.fileId}`,
        filepath: `/api/files/u1/server-${upload.input.fileId}`,
        type: 'image/png',
        filename: 'photo.png',
        width: 800,
        height: 600,
      },
    ]);
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('uploads pasted files under a clipboard name', async () => {
    const view = renderAttachments();
    await configLoaded();
    fireEvent.paste(view.textbox(), { clipboardData: { files: [png('image.png')], getData: () => '' } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.input.file.name).toMatch(/^clipboard_\d+_image\.png$/);
  });

  it('refuses a type the endpoint does not take before uploading anything', async () => {
    const view = renderAttachments();
    await configLoaded();
    view.choose(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Currently, unsupported file type: video/mp4');
    expect(uploads).toHaveLength(0);
  });

  it('refuses picked and pasted images for a model that cannot see them, before uploading; a document still goes', async () => {
    const view = renderAttachments(fileConfig, false);
    await configLoaded();
    view.choose(png('chart.png'), pdf());
    fireEvent.paste(view.textbox(), { clipboardData: { files: [png('image.png')], getData: () => '' } });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(
      'This model cannot read images, so chart.png was not attached. Choose a model that sees images to send it.',
    );
    await waitFor(() => expect(toast).toHaveTextContent(/so clipboard_\d+_image\.png was not attached/));
    expect(uploads.map(({ input }) => input.file.name)).toEqual(['report.pdf']);
  });

  it("says the server's reason when it refuses a file, and that a canceled upload was canceled", async () => {
    const view = renderAttachments();
    await configLoaded();
    view.choose(pdf('a.pdf'), pdf('b.pdf'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    await act(async () => uploads[0]!.reject(new ApiError(400, 'File size exceeds 1 MB.')));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of b.pdf' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('• File size exceeds 1 MB.');
    expect(toast).toHaveTextContent('• The upload was canceled, so the file was not attached.');
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('deletes removed files on the server in one call, a second after the last removal', async () => {
    const view = renderAttachments();
    await configLoaded();
    view.choose(pdf('a.pdf'), pdf('b.pdf'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    await act(async () => {
      for (const upload of uploads) upload.resolve(stored(upload.input));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove a.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    expect(view.callsTo('/api/files').filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await waitFor(() => expect(view.callsTo('/api/files')).toHaveLength(1), { timeout: 2_000 });
    const [call] = view.callsTo('/api/files');
    expect(call?.method).toBe('DELETE');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      files: uploads.map(({ input }) => ({
        file_id: `server-${input.fileId}`,
        filepath: `/api/files/u1/server-${input.fileId}`,
        source: 'r2',
        embedded: false,
      })),
    });
  });

  it('keeps uploaded files in the conversation draft', async () => {
    const view = renderAttachments();
    await configLoaded();
    view.choose(pdf());
    await waitFor(() => expect(uploads).toHaveLength(1));
    await act(async () => uploads[0]!.resolve(stored(uploads[0]!.input)));
    const draft = JSON.parse(window.localStorage.getItem('filesDraft_convo-1') ?? '[]') as { filename: string }[];
    expect(draft.map((file) => file.filename)).toEqual(['report.pdf']);
  });

  it('asks the user to wait when an upload takes longer than its size explains', async () => {
    const view = renderAttachments();
    await configLoaded();
    view.choose(new File(['x'.repeat(2_000)], 'large.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Still uploading large.pdf');
    await act(async () => uploads[0]!.resolve(stored(uploads[0]!.input)));
    await waitFor(() => expect(screen.queryByText(/Still uploading/)).toBeNull());
  });

  it('turns attaching off, saying why, for an endpoint that takes no files', async () => {
    const { default: limits } = fileConfig.endpoints;
    renderAttachments({ ...fileConfig, endpoints: { default: limits!, openAI: { ...limits!, disabled: true } } });
    const button = await screen.findByRole('button', { name: 'This endpoint does not accept attached files.' });
    await waitFor(() => expect(button).toBeDisabled());
  });
});
