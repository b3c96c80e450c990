import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComposer } from './testing/render-composer';

const preloadMarkdown = vi.hoisted(() => vi.fn());
vi.mock('@/shared/markdown', () => ({ preloadMarkdown }));

describe('composer and the markdown renderer', () => {
  it('fetches the renderer once the user starts typing, not before', () => {
    const { textbox } = renderComposer();
    expect(preloadMarkdown).not.toHaveBeenCalled();
    fireEvent.change(textbox(), { target: { value: '   ' } });
    expect(preloadMarkdown).not.toHaveBeenCalled();
    fireEvent.change(textbox(), { target: { value: 'Hi' } });
    fireEvent.change(textbox(), { target: { value: 'Hi there' } });
    expect(preloadMarkdown).toHaveBeenCalledTimes(1);
  });
});
