import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConversationBookmarkMenu } from '@/features/bookmarks/components/conversation-bookmark-menu';
import { renderWithBookmarks } from '@/features/bookmarks/testing/render-bookmarks';
import { PresetsMenu } from '@/features/chat/presets/components/presets-menu';
import { ParametersButton } from '@/features/chat/setup/components/parameters/parameters-button';
import { conversation, listItem } from '@/shared/conversation/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';

// The presets menu only reads the chat setup to apply a preset; this test never applies one.
vi.mock('@/features/chat/setup/chat-setup-context', () => ({
  useChatSetup: () => ({ setup: { endpoint: 'openAI', model: 'gpt-4o' }, update: () => {}, replace: () => {} }),
}));

const glyphOf = (name: string) => screen.getByRole('button', { name }).querySelector('svg');

describe('header menu glyphs', () => {
  it('draws presets, bookmarks and parameters with different icons, so the buttons are told apart', async () => {
    mockFetch(() => jsonResponse([]));
    renderWithBookmarks(
      <>
        <PresetsMenu />
        <ConversationBookmarkMenu conversation={conversation(listItem('c1'))} />
        <ParametersButton />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Presets' })).toBeInTheDocument());
    const presets = glyphOf('Presets');
    const bookmarks = glyphOf('Bookmarks');
    const parameters = glyphOf('Model parameters');
    expect(presets?.getAttribute('data-glyph')).toBe('preset-stack');
    expect(bookmarks?.getAttribute('data-glyph')).toBe('bookmark');
    expect(parameters?.getAttribute('data-glyph')).toBe('sliders');
    expect(new Set([presets?.innerHTML, bookmarks?.innerHTML, parameters?.innerHTML]).size).toBe(3);
  });
});
