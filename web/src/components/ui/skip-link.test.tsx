import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('is the first tab stop and moves focus to its target past everything between', async () => {
    const events = userEvent.setup();
    render(
      <>
        <SkipLink targetId="box" label="Skip to the message box" />
        <button type="button">Sidebar row</button>
        <button type="button">Header control</button>
        <textarea id="box" aria-label="Message input" />
      </>,
    );
    await events.tab();
    expect(screen.getByRole('link', { name: 'Skip to the message box' })).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Message input' })).toHaveFocus();
  });
});
