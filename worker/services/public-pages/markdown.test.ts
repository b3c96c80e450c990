import { describe, expect, it } from 'vitest';
import { markdownSummary, markdownToSafeHtml } from './markdown';

describe('markdownToSafeHtml', () => {
  it('renders Markdown and GitHub tables', () => {
    const html = markdownToSafeHtml(
      '# Title\n\nSome **bold** [link](https://example.com).\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong> <a href="https://example.com">link</a>');
    expect(html).toContain('<table>');
  });

  it('shows raw HTML as text: no script, no event handler attribute, no iframe', () => {
    const html = markdownToSafeHtml(
      'Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<a href="#" onclick="alert(3)">x</a>\n\n<iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toMatch(/<script|<img|<a |<iframe/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('refuses javascript: and data: addresses in links and images', () => {
    const html = markdownToSafeHtml(
      '[click](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) ![img](data:text/html,x) <javascript:alert(3)>',
    );
    // The address is dropped; an autolink's text may still say what it was.
    expect(html).not.toMatch(/(href|src)="[^"]*(javascript|data):/i);
    expect(html).toContain('<a href="">click</a>');
    expect(html).toContain('<img src="" alt="img" />');
  });

  it('keeps relative and mailto links', () => {
    expect(markdownToSafeHtml('[a](/privacy) [b](mailto:x@example.com)')).toBe(
      '<p><a href="/privacy">a</a> <a href="mailto:x@example.com">b</a></p>',
    );
  });
});

describe('markdownSummary', () => {
  it('takes the first paragraph, without headings, quotes or Markdown punctuation', () => {
    expect(markdownSummary('# About\n\n> note\n\nWe **build** [things](https://x.test)\nfor you.')).toBe(
      'We build things for you.',
    );
  });

  it('cuts a long paragraph', () => {
    const summary = markdownSummary('word '.repeat(100));
    expect(summary.length).toBe(200);
    expect(summary.endsWith('…')).toBe(true);
  });
});
