import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setChatLayout } from '@/shared/preferences/chat-layout';
import { renderComposer } from './testing/render-composer';

describe('composer follows the chat settings', () => {
  it('writes in the chosen text size, at least 16 px on touch screens for the small ones', () => {
    const { textbox } = renderComposer();
    expect(textbox()).toHaveClass('text-base');
    act(() => setChatLayout('fontSize', 'text-lg'));
    expect(textbox()).toHaveClass('text-lg');
    expect(textbox()).not.toHaveClass('text-base');
    act(() => setChatLayout('fontSize', 'text-xs'));
    expect(textbox()).toHaveClass('text-xs', 'pointer-coarse:text-base');
  });

  it('lets the text pick its direction until a chat direction is chosen', () => {
    const { textbox } = renderComposer();
    expect(textbox()).toHaveAttribute('dir', 'auto');
    act(() => setChatLayout('chatDirection', 'RTL'));
    expect(textbox()).toHaveAttribute('dir', 'rtl');
    act(() => setChatLayout('chatDirection', 'LTR'));
    expect(textbox()).toHaveAttribute('dir', 'ltr');
  });
});
