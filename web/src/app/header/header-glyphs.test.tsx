import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConversationBookmarkMenu } from '@/features/bookmarks/components/conversation-bookmark-menu';
import { renderWithBookmarks } from '@/features/bookmarks/testing/render-bookmarks';
import { PresetsMenu } from '@/features/chat/presets/components/presets-menu';
import { conversation, listItem } from '@/shared/conversation/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';

// The presets menu only reads the chat setup to apply a preset; this test never applies one.
vi.mock('@/features/chat/setup/chat-setup-context', () => ({
  useChatSetup: () => ({ setup: { endpoint: 'openAI', model: 'gpt-4o' }, update: () => {}, replace: () => {} }),
}));

const glyphOf = (name: string) => screen.getByRole('button', { name }).querySelector('svg');

describe('header menu glyphs', () => {
  it('draws presets and bookmarks with different icons, so the two buttons are told apart', async () => {
    mockFetch(() => jsonResponse([]));
    renderWithBookmarks(
      <>
        <PresetsMenu />
        <ConversationBookmarkMenu conversation={conversation(listItem('c1'))} />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Presets' })).toBeInTheDocument());
    const presets = glyphOf('Presets');
    const bookmarks = glyphOf('Bookmarks');
    expect(presets?.getAttribute('data-glyph')).toBe('sliders');
    expect(bookmarks?.getAttribute('data-glyph')).toBe('bookmark');
    expect(presets?.innerHTML).not.toBe(bookmarks?.innerHTML);
  });
});
