import { QueryClientProvider } from '@tanstack/react-query';
import type { FileConfigResponse } from '@contract/files';
import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { createQueryClient } from '@/lib/react-query';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { Composer } from '../../composer/composer';
import { useAttachments } from '../use-attachments';

const MB = 1024 * 1024;

export const fileConfig: FileConfigResponse = {
  endpoints: {
    default: {
      disabled: false,
      fileLimit: 10,
      fileSizeLimit: 20 * MB,
      totalSizeLimit: 50 * MB,
      supportedMimeTypes: ['^image/(png|jpeg)$', '^text/plain$', '^application/pdf$'],
    },
  },
  serverFileSizeLimit: 512 * MB,
  avatarSizeLimit: 2 * MB,
};

interface HarnessProps {
  onSubmit: (text: string, files: unknown) => void;
  seesImages: boolean;
}

function Harness({ onSubmit, seesImages }: HarnessProps) {
  const attachments = useAttachments({ conversationId: 'convo-1', endpoint: 'openAI', seesImages, saveDrafts: true });
  return (
    <Composer
      conversationId="convo-1"
      onSubmit={(text) => {
        onSubmit(text, attachments.files);
        attachments.clear();
      }}
      onStop={() => undefined}
      isSubmitting={false}
      placeholder="Message"
      attachments={attachments}
    />
  );
}

/**
 * The composer with its attachments, the file config served and every other call recorded;
 * `seesImages` says whether the chosen model sees images.
 */
export function renderAttachments(config: FileConfigResponse = fileConfig, seesImages = true) {
  const fetchMock = mockFetch(({ url }) =>
    url === '/api/files/config' ? jsonResponse(config) : new Response(null, { status: 204 }),
  );
  const onSubmit = vi.fn<(text: string, files: unknown) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <Harness onSubmit={onSubmit} seesImages={seesImages} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  const choose = (...files: File[]) => {
    const input = screen.getByTestId<HTMLInputElement>('attach-file-input');
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
  };
  const textbox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message input' });
  const sendButton = () => screen.getByRole('button', { name: 'Send message' });
  return { ...fetchMock, onSubmit, choose, textbox, sendButton };
}
