import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import { listData, listItem, page } from '@/shared/conversation/testing/fixtures';
import { userFixture } from '@/testing/account-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { ImportResult } from '../api/import-conversations';
import { ImportConversationsRow } from './import-conversations-row';

const exportFile = (name = 'my chats.json') =>
  new File([JSON.stringify({ conversationId: 'c1', messages: [] })], name, { type: 'application/json' });

const result = (overrides: Partial<ImportResult> = {}): ImportResult => ({
  message: 'Conversation(s) imported successfully',
  imported: 2,
  skipped: 0,
  messages: { imported: 7, skipped: 0 },
  reasons: [],
  ...overrides,
});

function renderRow() {
  const view = renderWithProviders(<ImportConversationsRow />, { user: userFixture() });
  const input = screen.getByTestId('import-conversations-file');
  return { ...view, input };
}

/** The upload's multipart body, as the request sent it. */
const sentForm = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) => {
  const init = fetchMock.mock.calls[0]?.[1];
  return init?.body instanceof FormData ? init.body : null;
};

describe('import conversations', { timeout: 20_000 }, () => {
  it('refuses a file that is not .json with the file-type toast, sending nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(result(), 201));
    const { events, input } = renderRow();
    await events.upload(input, new File(['a,b'], 'chats.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unsupported import type: only .json files can be imported.',
    );
    expect(calls).toHaveLength(0);
  });

  it('uploads the file as the multipart field "file" with its name URL-encoded, then says what was imported', async () => {
    const { fetchMock, calls } = mockFetch(() => jsonResponse(result(), 201));
    const { events, input, queryClient } = renderRow();
    queryClient.setQueryData(convoKeys.list({ isArchived: false }), listData(page([listItem('old')])));
    await events.upload(input, exportFile());

    expect(await screen.findByRole('status')).toHaveTextContent('Imported 2 conversations (7 messages).');
    expect(calls[0]).toMatchObject({ url: '/api/convos/import', method: 'POST' });
    const file = sentForm(fetchMock)?.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('my%20chats.json');
    // The sidebar's list is refreshed (refetched when shown) to show the new chats.
    await waitFor(() =>
      expect(queryClient.getQueryState(convoKeys.list({ isArchived: false }))?.isInvalidated).toBe(true),
    );
  });

  it('shows progress while the file uploads', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { events, input } = renderRow();
    await events.upload(input, exportFile('a.JSON'));
    expect(await screen.findByRole('status')).toHaveTextContent('Importing…');
    expect(screen.getByRole('button', { name: /Import/ })).toHaveAttribute('aria-busy', 'true');
    answer(jsonResponse(result({ imported: 1, messages: { imported: 2, skipped: 0 } }), 201));
    expect(await screen.findByText(/Imported 1 conversation \(2 messages\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import/ })).not.toHaveAttribute('aria-busy');
  });

  it('reports a partial import honestly: how many were left out and why', async () => {
    mockFetch(() =>
      jsonResponse(
        result({ imported: 1, skipped: 2, reasons: ['Conversation "Empty" has no message to import.'] }),
        201,
      ),
    );
    const { events, input } = renderRow();
    await events.upload(input, exportFile());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported 1 of 3 conversations; 2 left out. Conversation "Empty" has no message to import.',
    );
  });

  it('reports messages left out of conversations that were imported', async () => {
    mockFetch(() =>
      jsonResponse(
        result({
          imported: 2,
          messages: { imported: 5, skipped: 3 },
          reasons: ['Messages repeating an id already seen in their conversation were left out.'],
        }),
        201,
      ),
    );
    const { events, input } = renderRow();
    await events.upload(input, exportFile());
    expect(await screen.findByRole('status')).toHaveTextContent('Imported 2 conversations; 3 messages were left out.');
  });

  it('shows the import error with the server’s reason for a refused file', async () => {
    mockFetch(() =>
      jsonResponse(
        { message: 'Nothing could be imported: the file holds no conversation.', code: 'validation_error' },
        400,
      ),
    );
    const { events, input } = renderRow();
    await events.upload(input, exportFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error importing your conversations: Nothing could be imported: the file holds no conversation.',
    );
  });

  it('shows the generic import error when the server fails', async () => {
    mockFetch(() => jsonResponse({ message: 'internal detail' }, 500));
    const { events, input } = renderRow();
    await events.upload(input, exportFile());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was an error importing your conversations');
    expect(alert).not.toHaveTextContent('internal detail');
  });
});
