import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { setAccessToken } from '@/lib/api/token-store';
import { createQueryClient } from '@/lib/react-query';
import type { ChatMessage, WireContentPart } from '@/shared/conversation/types';
import { mockFetch } from '@/testing/fetch-mock';
import { MessageContent } from './message-content';

function reply(content: WireContentPart[], extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    messageId: 'm1',
    conversationId: 'c1',
    parentMessageId: 'p1',
    sender: 'Agent',
    text: '',
    isCreatedByUser: false,
    endpoint: 'agents',
    content,
    ...extra,
  };
}

const renderContent = (message: ChatMessage, isStreaming = false) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MessageContent message={message} isStreaming={isStreaming} />
      </ToastProvider>
    </QueryClientProvider>,
  );

const searchCall: WireContentPart = {
  type: 'tool_call',
  tool_call: {
    id: 'call_s',
    name: 'web_search',
    args: '{"query":"edge"}',
    output: '[1] Edge docs …',
    progress: 1,
    type: 'tool_call',
    sources: [
      { index: 1, title: 'Edge docs', url: 'https://www.docs.example/edge' },
      { index: 2, title: 'Edge news', url: 'https://news.example/today' },
    ],
  },
};

beforeEach(() => {
  setAccessToken('token-1');
  URL.createObjectURL = () => 'blob:generated';
  URL.revokeObjectURL = () => undefined;
});

describe('a reply that searched the web', () => {
  it('links each [n] in the text to its source, titled with the page and its host', async () => {
    renderContent(reply([searchCall, { type: 'text', text: 'Edges are near users [1][2], not [3].' }]));
    // The markdown renderer is a chunk of its own: the text shows as it is until it arrives.
    const first = await screen.findByRole('link', { name: '[1]' }, { timeout: 5000 });
    expect(first).toHaveAttribute('href', 'https://www.docs.example/edge');
    expect(first).toHaveAttribute('title', 'Edge docs (docs.example)');
    expect(first).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '[2]' })).toHaveAttribute('href', 'https://news.example/today');
    expect(screen.queryByRole('link', { name: '[3]' })).toBeNull();
  });

  it('lists the call’s sources under it, numbered as the reply cites them', () => {
    renderContent(reply([searchCall]));
    const list = screen.getByRole('list', { name: 'Sources' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['[1]Edge docsdocs.example', '[2]Edge newsnews.example']);
    expect(within(list).getByRole('link', { name: 'Edge docs' })).toHaveAttribute(
      'href',
      'https://www.docs.example/edge',
    );
  });
});

describe('a reply with a generated image', () => {
  const imageCall: WireContentPart = {
    type: 'tool_call',
    tool_call: { id: 'call_i', name: 'image_gen_oai', args: '{"prompt":"a fox"}', output: 'done', progress: 1 },
  };
  const file = { file_id: 'f1', filename: 'image-ab12cd34.png', filepath: '/api/files/u1/f1', width: 300, height: 200 };
  const answerBytes = () =>
    mockFetch((call) =>
      call.url === file.filepath
        ? new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }))
        : new Response('not found', { status: 404 }),
    );

  it('shows the image_file part after its call, loaded with the token, and opens it full size', async () => {
    const { calls } = answerBytes();
    renderContent(reply([imageCall, { type: 'image_file', image_file: file }, { type: 'text', text: 'Here it is.' }]));
    const image = screen.getByRole('img', { name: file.filename });
    await waitFor(() => expect(image).toHaveAttribute('src', 'blob:generated'));
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    await userEvent.click(screen.getByRole('button', { name: `Open ${file.filename} at full size` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: file.filename })).toBeInTheDocument();
  });

  it('shows the image while streaming from the attachment frame, before any part holds it', async () => {
    answerBytes();
    const attachment = { ...file, type: 'image/png', toolCallId: 'call_i', messageId: 'm1', conversationId: 'c1' };
    renderContent(reply([imageCall], { attachments: [attachment] }), true);
    expect(screen.getAllByRole('img', { name: file.filename })).toHaveLength(1);
  });
});
