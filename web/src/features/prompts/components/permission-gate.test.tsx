import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockPromptsApi } from '../testing/prompts-api';
import { NEW_CHAT_TEXT, renderPrompts } from '../testing/render-prompts';
import { PERMISSION_REDIRECT_MS } from './permission-gate';

describe('the prompt pages without permission', () => {
  it.each(['/d/prompts', '/d/prompts/new', '/d/prompts/g1'])(
    'send a user without PROMPTS USE from %s to a new chat after a second',
    async (path) => {
      const api = mockPromptsApi({ groups: [], versions: [] });
      const renderedAt = Date.now();
      const { router } = renderPrompts({ path, prompts: { USE: false } });
      expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to prompts');
      expect(router.state.location.pathname).toBe(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), { timeout: 3000 });
      expect(Date.now() - renderedAt).toBeGreaterThanOrEqual(PERMISSION_REDIRECT_MS);
      expect(screen.getByText(NEW_CHAT_TEXT)).toBeInTheDocument();
      // Nothing of the library was asked for.
      expect(api.calls.filter((call) => call.url.startsWith('/api/prompts'))).toHaveLength(0);
    },
  );

  it('sends a user without PROMPTS CREATE away from the new prompt page', async () => {
    mockPromptsApi({ groups: [], versions: [] });
    const { router } = renderPrompts({ path: '/d/prompts/new', prompts: { CREATE: false } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), { timeout: 3000 });
  });

  it('sends everyone away when the config switches the prompt library off', async () => {
    mockPromptsApi({ groups: [], versions: [] });
    const { router } = renderPrompts({ interfacePrompts: false });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'), { timeout: 3000 });
  });
});
