import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './index';

describe('Markdown', () => {
  it('shows the text at once and renders it as markdown when the renderer chunk arrives', async () => {
    render(<Markdown content={'**Hello** [docs](https://example.com)'} isStreaming />);
    // The fallback, while the chunk loads, is the plain text.
    expect(screen.getByText('**Hello** [docs](https://example.com)')).toBeInTheDocument();

    expect(await screen.findByText('Hello')).toHaveProperty('tagName', 'STRONG');
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('.md-streaming-cursor')).not.toBeNull();
  });
});
