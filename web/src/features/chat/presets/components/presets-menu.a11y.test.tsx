import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { ChatSetup } from '@/shared/conversation/types';
import { mockPresetsApi } from '../testing/presets-api-mock';
import { presetFixture } from '../testing/presets-fixtures';
import { renderWithPresets } from '../testing/render-with-presets';
import { PresetsMenu } from './presets-menu';

vi.mock('@/features/chat/setup/chat-setup-context', () => ({
  useChatSetup: () => ({
    setup: { endpoint: 'openAI', model: 'gpt-4o' } satisfies ChatSetup,
    update: () => {},
    replace: () => {},
  }),
}));

async function violations(): Promise<string[]> {
  // Dialogs are portalled to <body>: check the whole document, as a screen reader meets it.
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

describe('presets menu accessibility', { timeout: 20_000 }, () => {
  it('has no axe violations with the menu open, then the management and edit dialogs stacked', async () => {
    mockPresetsApi([
      presetFixture({ title: 'Careful', defaultPreset: true, order: 0, temperature: 0.2 }),
      presetFixture({ title: 'Quick', promptPrefix: 'Short answers.' }),
    ]);
    const { events } = renderWithPresets(
      <main>
        <h1>Chat</h1>
        <PresetsMenu />
      </main>,
    );
    await events.click(screen.getByRole('button', { name: 'Presets' }));
    await screen.findByRole('menuitem', { name: 'Careful (default)' });
    expect(await violations()).toEqual([]);

    await events.click(screen.getByRole('menuitem', { name: 'Manage presets' }));
    const manage = screen.getByRole('dialog', { name: 'Manage presets' });
    await events.click(within(manage).getByRole('button', { name: 'Edit Quick' }));
    screen.getByRole('dialog', { name: 'Edit preset' });
    expect(await violations()).toEqual([]);
  });
});
