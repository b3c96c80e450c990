import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@/components/ui/toast-provider';
import { createQueryClient } from '@/lib/react-query';
import { setAccessToken } from '@/lib/api/token-store';
import type { MessageFile } from '@/shared/conversation/types';
import { mockFetch } from '@/testing/fetch-mock';
import { MessageFiles } from './message-files';

const image: MessageFile = {
  file_id: 'img-1',
  filepath: '/api/files/u1/img-1',
  type: 'image/png',
  filename: 'chart.png',
  width: 1600,
  height: 1200,
};
const document: MessageFile = {
  file_id: 'doc-1',
  filepath: '/api/files/u1/doc-1',
  type: 'application/pdf',
  filename: 'report.pdf',
};

const renderFiles = (files: MessageFile[]) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MessageFiles files={files} />
      </ToastProvider>
    </QueryClientProvider>,
  );

/** The image's bytes, as the file link answers its owner. */
const answerImageBytes = () =>
  mockFetch((call) =>
    call.url === image.filepath
      ? new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }))
      : new Response('not found', { status: 404 }),
  );

beforeEach(() => {
  setAccessToken('token-1');
  URL.createObjectURL = () => 'blob:download';
  URL.revokeObjectURL = () => undefined;
});

describe('files in a message', () => {
  it('draws an image at its stored aspect ratio before it loads, scaled to the row height', async () => {
    const { calls } = answerImageBytes();
    renderFiles([image]);
    const img = screen.getByRole('img', { name: 'chart.png' });
    // The link takes the bearer token, which an <img> cannot send: the bytes are fetched with it.
    await waitFor(() => expect(img).toHaveAttribute('src', 'blob:download'));
    expect(calls[0]?.url).toBe('/api/files/u1/img-1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    // 1600×1200 drawn 320 px high: the space is reserved before any byte arrives.
    expect(img).toHaveAttribute('width', '427');
    expect(img).toHaveAttribute('height', '320');
    expect(img).toHaveClass('h-auto', 'max-w-full');
  });

  it('keeps a small image at its own size', () => {
    answerImageBytes();
    renderFiles([{ ...image, width: 200, height: 100 }]);
    const img = screen.getByRole('img', { name: 'chart.png' });
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('height', '100');
  });

  it('opens an image in a lightbox that Escape closes, giving focus back', async () => {
    const user = userEvent.setup();
    answerImageBytes();
    renderFiles([image]);
    const opener = screen.getByRole('button', { name: 'Open chart.png at full size' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'chart.png' });
    await waitFor(() => expect(dialog.querySelector('img')).toHaveAttribute('src', 'blob:download'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('downloads a document through the download route, with the bearer token, under its name', async () => {
    const { calls } = mockFetch(() => new Response(new Blob(['%PDF']), { status: 200 }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderFiles([document]);
    fireEvent.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(calls[0]?.url).toBe('/api/files/download/u1/doc-1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(click.mock.contexts[0]).toHaveProperty('download', 'report.pdf');
  });

  it('says "Error downloading file" when the download fails', async () => {
    mockFetch(() => new Response(JSON.stringify({ message: 'File not found' }), { status: 404 }));
    renderFiles([document]);
    fireEvent.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading file');
  });

  it('shows a file past its expiry as "download expired", not as a download', () => {
    renderFiles([{ ...document, expiresAt: '2020-01-01T00:00:00.000Z' }]);
    const chip = screen.getByRole('button', { name: 'report.pdf: download expired' });
    expect(chip).toBeDisabled();
    expect(chip).toHaveTextContent('download expired');
  });

  it('states the budget on a document cut for the model, and nothing on a whole one', () => {
    const notes = { file_id: 'doc-2', filepath: '/api/files/u1/doc-2', type: 'text/plain', filename: 'log.txt' };
    // As the server stores it: the flag on the message's file.
    renderFiles([
      { ...notes, truncated: true },
      { ...notes, file_id: 'doc-3', filename: 'short.txt' },
    ]);
    const note = 'Too long: the model was given only the first ~25,000 tokens';
    const cut = screen.getByRole('button', { name: 'Download log.txt' });
    expect(cut).toHaveTextContent(note);
    expect(cut).toHaveAccessibleDescription(note);
    const whole = screen.getByRole('button', { name: 'Download short.txt' });
    expect(whole).not.toHaveTextContent('tokens');
    expect(whole).not.toHaveAttribute('aria-describedby');
  });
});
