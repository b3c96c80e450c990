import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFileResponse } from '@contract/files';
import { userFixture } from '@/testing/account-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { fileFixture } from '../testing/file-fixtures';
import { FileManager } from './file-manager';

const report = fileFixture(3, {
  filename: 'Report.pdf',
  type: 'application/pdf',
  bytes: 2_621_440,
  conversationId: 'c-9',
});
const photo = fileFixture(2, { filename: 'beach photo.png', type: 'image/png', bytes: 512 });
const notes = fileFixture(1, { filename: 'notes.txt', bytes: 40_000 });
// Newest first, as the server answers.
const stored = [report, photo, notes];

type Routes = { list?: () => Response; remove?: (call: FetchCall) => Response; bytes?: (call: FetchCall) => Response };

function serve(files: StoredFileResponse[], routes: Routes = {}) {
  let current = files;
  return mockFetch((call) => {
    if (call.url === '/api/files' && call.method === 'GET') return routes.list?.() ?? jsonResponse(current);
    if (call.url === '/api/files' && call.method === 'DELETE') {
      const answer = routes.remove?.(call);
      if (answer) return answer;
      const ids = (JSON.parse(call.body ?? '{}') as { files: { file_id: string }[] }).files.map((file) => file.file_id);
      current = current.filter((file) => !ids.includes(file.file_id));
      return jsonResponse({ message: 'Files deleted successfully' });
    }
    return routes.bytes?.(call) ?? new Response(new Blob(['bytes']), { status: 200 });
  });
}

const open = () => renderWithProviders(<FileManager />, { user: userFixture() });

/** The file names in the order the table shows them. */
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.querySelector('[title]')!.textContent);

beforeEach(() => {
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FileManager', { timeout: 20_000 }, () => {
  it('lists the files with their type, readable size, date and the chat they were sent in', async () => {
    serve(stored);
    open();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Report.pdf', 'beach photo.png', 'notes.txt']));

    const row = screen.getByRole('row', { name: /Report\.pdf/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('PDF');
    expect(cells[3]).toHaveTextContent('2.5 MB');
    expect(cells[4]!.querySelector('time')).toHaveAttribute('dateTime', report.createdAt);
    expect(within(cells[5]!).getByRole('link', { name: 'Open the chat Report.pdf was sent in' })).toHaveAttribute(
      'href',
      '/c/c-9',
    );
    const notesCells = within(screen.getByRole('row', { name: /notes\.txt/ })).getAllByRole('cell');
    expect(notesCells[3]).toHaveTextContent('39 KB');
    expect(notesCells[5]).toHaveTextContent('Not sent yet');
    // The image shows its own bytes, fetched with the token from its link.
    expect(await screen.findByTestId('file-thumbnail')).toHaveAttribute('src', 'blob:file');
    expect(screen.getByRole('columnheader', { name: /Uploaded/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('finds files by a part of their name, ignoring case', async () => {
    serve(stored);
    const { events } = open();
    await screen.findByRole('table');
    await events.type(screen.getByRole('searchbox', { name: 'Search files by name' }), 'PHOTO');
    expect(rowNames()).toEqual(['beach photo.png']);
    await events.clear(screen.getByRole('searchbox'));
    await events.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No file name matches your search.')).toBeInTheDocument();
  });

  it('sorts by name, size and date, a second press turning the order round', async () => {
    serve(stored);
    const { events } = open();
    await screen.findByRole('table');

    await events.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames()).toEqual(['beach photo.png', 'notes.txt', 'Report.pdf']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Uploaded/ })).toHaveAttribute('aria-sort', 'none');
    await events.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames()).toEqual(['Report.pdf', 'notes.txt', 'beach photo.png']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await events.click(screen.getByRole('button', { name: /^Size/ }));
    expect(rowNames()).toEqual(['Report.pdf', 'notes.txt', 'beach photo.png']);
    await events.click(screen.getByRole('button', { name: /^Size/ }));
    expect(rowNames()).toEqual(['beach photo.png', 'notes.txt', 'Report.pdf']);
    expect(screen.getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'ascending');

    await events.click(screen.getByRole('button', { name: /^Uploaded/ }));
    expect(rowNames()).toEqual(['Report.pdf', 'beach photo.png', 'notes.txt']);
    await events.click(screen.getByRole('button', { name: /^Uploaded/ }));
    expect(rowNames()).toEqual(['notes.txt', 'beach photo.png', 'Report.pdf']);

    // The phone's select sorts the same list.
    await events.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Largest first');
    expect(rowNames()).toEqual(['Report.pdf', 'notes.txt', 'beach photo.png']);
  });

  it('deletes every selected file after a confirmation, and the list follows', async () => {
    const api = serve(stored);
    const { events } = open();
    await screen.findByRole('table');
    const deleteSelected = screen.getByRole('button', { name: 'Delete selected' });
    expect(deleteSelected).toBeDisabled();

    await events.click(screen.getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByRole('checkbox', { name: 'Select notes.txt' })).toBeChecked();
    await events.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    expect(screen.getByRole('checkbox', { name: 'Select all files' })).toHaveProperty('indeterminate', true);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await events.click(deleteSelected);
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 files?' });
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(rowNames()).toEqual(['notes.txt']));
    const deletes = api.calls.filter((call) => call.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(JSON.parse(deletes[0]!.body!)).toEqual({
      files: [report, photo].map((file) => ({
        file_id: file.file_id,
        filepath: file.filepath,
        source: file.source,
        embedded: file.embedded,
      })),
    });
    expect(await screen.findByText('Files deleted successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('deletes nothing when the confirmation is cancelled, and selects only the files a search shows', async () => {
    const api = serve(stored);
    const { events } = open();
    await screen.findByRole('table');
    await events.type(screen.getByRole('searchbox'), 'notes');
    await events.click(screen.getByRole('checkbox', { name: 'Select all files' }));
    await events.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(screen.getByRole('dialog', { name: 'Delete this file?' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it("shows the server's message when a delete fails, and keeps the rows", async () => {
    serve(stored, { remove: () => jsonResponse({ message: 'No files found to delete' }, 404) });
    const { events } = open();
    await screen.findByRole('table');
    await events.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    await events.click(screen.getByRole('button', { name: 'Delete selected' }));
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No files found to delete')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(3);
  });

  it('downloads a file through the download route under its name', async () => {
    const api = serve(stored);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { events } = open();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Download Report.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.calls.some((call) => call.url === '/api/files/download/u1/file-3')).toBe(true);
    expect(click.mock.contexts[0]).toHaveProperty('download', 'Report.pdf');
  });

  it('says "Error downloading file" when a download fails', async () => {
    serve(stored, {
      bytes: (call) =>
        call.url.startsWith('/api/files/download/')
          ? jsonResponse({ message: 'File not found' }, 404)
          : new Response(new Blob(['x'])),
    });
    const { events } = open();
    await screen.findByRole('table');
    await events.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error downloading file');
  });

  it('says there are no files yet when the user has none', async () => {
    serve([]);
    open();
    expect(
      await screen.findByText('You have not uploaded any files yet. Files you attach in a chat show up here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    serve(stored, { list: () => (fail ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(stored)) });
    const { events } = open();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Your files could not be loaded.');
    fail = false;
    await events.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
  });
});
