import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationRow, type RowActions } from '@/features/conversations/components/conversation-row';
import { ShareDialogSlot } from '@/features/conversations/components/share-dialog-slot';
import { LazyShareDialog } from '@/features/share/components/lazy-share-dialog';
import { renderShare } from '@/features/share/testing/render-share';
import { startupConfigQueryOptions } from '@/shared/config/api/get-startup-config';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { startupConfigFixture } from '@/testing/startup-config';

const item = {
  conversationId: 'c1',
  title: 'Trip plans',
  endpoint: 'openAI',
  model: 'gpt-4o',
  isArchived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const actions: RowActions = { rename: vi.fn(), duplicate: vi.fn(), archive: vi.fn(), askDelete: vi.fn() };

// The sidebar puts the share dialog behind each row, as here.
const SharingRow = () => (
  <ShareDialogSlot.Provider value={LazyShareDialog}>
    <ConversationRow item={item} isActive={false} actions={actions} />
  </ShareDialogSlot.Provider>
);

describe('Share in the conversation row menu', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the share dialog for that conversation', async () => {
    const api = mockFetch(() => jsonResponse({ success: false, shareId: null, conversationId: 'c1' }));
    const { events } = renderShare(<SharingRow />);
    await events.click(screen.getByRole('button', { name: /Trip plans/ }));
    expect(screen.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Share',
      'Rename',
      'Duplicate',
      'Archive',
      'Delete',
    ]);

    await events.click(screen.getByRole('menuitem', { name: 'Share' }));

    expect(await screen.findByRole('dialog', { name: 'Share link to chat' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(api.callsTo('/api/share/link/c1')).toHaveLength(1);
  });

  it('is not offered when the server has shared links off', async () => {
    mockFetch(() => jsonResponse({}, 404));
    const { events, queryClient } = renderShare(<SharingRow />);
    queryClient.setQueryData(startupConfigQueryOptions.queryKey, {
      ...startupConfigFixture,
      sharedLinksEnabled: false,
    });
    await events.click(screen.getByRole('button', { name: /Trip plans/ }));
    expect(screen.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Rename',
      'Duplicate',
      'Archive',
      'Delete',
    ]);
  });
});
