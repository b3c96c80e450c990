import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, messages } from '@/features/export/testing/export-fixtures';
import { createQueryClient } from '@/lib/react-query';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { startupConfigFixture } from '@/testing/startup-config';
import { ExportShareMenu } from './export-share-menu';

function renderMenu(sharedLinksEnabled: boolean) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(startupConfigQueryOptions.queryKey, { ...startupConfigFixture, sharedLinksEnabled });
  queryClient.setQueryData(chatKeys.messages(conversation.conversationId), messages);
  render(
    <QueryClientProvider client={queryClient}>
      <ExportShareMenu conversation={conversation} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** jsdom's Blob has no text(); FileReader reads it. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });

/** The files the dialog saved: each Blob link's name and contents. */
let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('ExportShareMenu', () => {
  it('offers Share only when shared links are enabled', async () => {
    const user = renderMenu(false);
    await user.click(screen.getByRole('button', { name: 'Export/Share' }));
    expect(screen.getByRole('menuitem', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('lists Share beside Export when shared links are enabled', async () => {
    const user = renderMenu(true);
    await user.click(screen.getByRole('button', { name: 'Export/Share' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export', 'Share']);
  });

  it('exports with the sanitised title as the default name, and the options each type supports', async () => {
    const user = renderMenu(false);
    await user.click(screen.getByRole('button', { name: 'Export/Share' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export conversation' });
    expect(dialog).toBeInTheDocument();
    // Title: Trip, "plans" — the quotes are reserved on Windows.
    expect(screen.getByRole('textbox', { name: 'Filename' })).toHaveValue('Trip, _plans_');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('screenshot');
    expect(screen.getByRole('checkbox', { name: 'Include endpoint options' })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'csv');
    expect(screen.getByRole('checkbox', { name: 'Export all message branches' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include endpoint options' })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'markdown');
    expect(screen.getByRole('checkbox', { name: 'Include endpoint options' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Export all message branches' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Include endpoint options' }));

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Trip, _plans_.md');
    expect(saved[0]!.blob.type).toBe('text/markdown;charset=utf-8');
    const text = await blobText(saved[0]!.blob);
    expect(text.startsWith('# Conversation\n- conversationId: convo-1\n')).toBe(true);
    expect(text).not.toContain('## Options');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to "file" when the name is cleared', async () => {
    const user = renderMenu(false);
    await user.click(screen.getByRole('button', { name: 'Export/Share' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export' }));
    await user.clear(await screen.findByRole('textbox', { name: 'Filename' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'json');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('file.json');
    const data = JSON.parse(await blobText(saved[0]!.blob)) as {
      branches: boolean;
      recursive: boolean;
      messagesTree: unknown[];
    };
    expect(data).toMatchObject({ branches: true, recursive: true });
    expect(data.messagesTree).toHaveLength(1);
  });
});
