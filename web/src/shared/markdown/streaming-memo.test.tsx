import { render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it, vi } from 'vitest';
import { highlightToHtml } from './highlighter';
import { MarkdownRenderer } from './markdown-renderer';

// Count highlight runs and markdown parses while keeping the real implementations.
vi.mock('./highlighter', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./highlighter')>();
  return { ...actual, highlightToHtml: vi.fn(actual.highlightToHtml) };
});
vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  return { ...actual, default: vi.fn(actual.default) };
});

describe('a reply while it streams', () => {
  it('re-parses only its last block per token, not the whole reply', () => {
    const intro = 'Intro paragraph.\n\n## A heading\n\n- a list\n- of items\n\n';
    const { container, rerender } = render(<MarkdownRenderer content={`${intro}Growing`} isStreaming />);
    const parse = vi.mocked(ReactMarkdown);
    parse.mockClear();

    rerender(<MarkdownRenderer content={`${intro}Growing text`} isStreaming />);
    rerender(<MarkdownRenderer content={`${intro}Growing text here`} isStreaming />);

    expect(parse.mock.calls.map(([options]) => options.children)).toEqual(['Growing text', 'Growing text here']);
    expect(container.querySelector('h2')).toHaveTextContent('A heading');
    const cursors = container.querySelectorAll('.md-streaming-cursor');
    expect(cursors).toHaveLength(1);
    expect(cursors[0]?.parentElement).toHaveTextContent(/^Growing text here$/);
  });

  it('re-highlights only the code block that grew', async () => {
    const done = '```javascript\nconst done = true;\n```';
    const growing = (code: string) => `Intro\n\n${done}\n\nThen:\n\n\`\`\`python\n${code}`;
    const { container, rerender } = render(<MarkdownRenderer content={growing('x = 1')} isStreaming />);
    await vi.waitFor(() =>
      expect(container.querySelectorAll('.hljs-keyword, .hljs-number').length).toBeGreaterThanOrEqual(2),
    );

    const highlight = vi.mocked(highlightToHtml);
    highlight.mockClear();
    rerender(<MarkdownRenderer content={growing('x = 1\ny = 2')} isStreaming />);
    rerender(<MarkdownRenderer content={growing('x = 1\ny = 2\nz = 3')} isStreaming />);

    expect(highlight.mock.calls.map(([code]) => code)).toEqual(['x = 1\ny = 2', 'x = 1\ny = 2\nz = 3']);
    expect(container.querySelectorAll('pre')[1]).toHaveTextContent('x = 1 y = 2 z = 3');
  });
});
