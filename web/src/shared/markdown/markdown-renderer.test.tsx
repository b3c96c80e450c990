import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownRenderer } from './markdown-renderer';

const renderMarkdown = (content: string, isStreaming?: boolean) =>
  render(<MarkdownRenderer content={content} isStreaming={isStreaming} />).container;

describe('MarkdownRenderer: GitHub-flavoured markdown', () => {
  it('renders a table inside a horizontally scrollable wrapper, keeping column alignment', () => {
    const container = renderMarkdown('| Name | Qty |\n|:-----|----:|\n| Apple | 3 |\n| Pear | 10 |');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Qty']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: '10' })).toHaveStyle({ textAlign: 'right' });
    expect(table.parentElement).toHaveClass('overflow-x-auto');
    expect(container.querySelector('p')).toBeNull();
  });

  it('renders strikethrough, task lists and autolinks, but not "~5 to ~10" as strikethrough', () => {
    const container = renderMarkdown('~~gone~~ and ~5 to ~10 min\n\n- [x] done\n- [ ] todo\n\nsee www.example.com');
    expect(container.querySelectorAll('del')).toHaveLength(1);
    expect(container.querySelector('del')).toHaveTextContent('gone');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(boxes[0]).toBeDisabled();
    expect(screen.getByRole('link', { name: 'www.example.com' })).toHaveAttribute('href', 'http://www.example.com/');
  });

  it('renders headings, blockquotes, lists, rules and inline code', () => {
    const container = renderMarkdown('# Title\n\n> quoted\n\n1. one\n2. two\n\n---\n\nrun `npm test` now');
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('hr')).not.toBeNull();
    expect(container.querySelector('p code')).toHaveTextContent('npm test');
  });

  it('renders images lazily, without a referrer, and only from http(s)', () => {
    const container = renderMarkdown('![chart](https://example.com/c.png) ![bad](data:image/svg+xml,<svg/>)');
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://example.com/c.png');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(container).toHaveTextContent('bad');
  });
});

describe('MarkdownRenderer: links and hostile input', () => {
  it('opens safe links in a new tab without an opener', () => {
    renderMarkdown('[docs](https://example.com/docs) and <mailto:me@example.com>');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mailto:me@example.com' })).toHaveAttribute(
      'href',
      'mailto:me@example.com',
    );
  });

  it.each([
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['an obfuscated javascript: link', '[click](java&#x09;script:alert(1)) [click](JAVASCRIPT:alert(1))'],
    ['a javascript: autolink', '<javascript:alert(1)>'],
    ['a data: URL link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a relative link', '[click](/api/auth/logout)'],
    ['a reference link to javascript:', '[click][x]\n\n[x]: javascript:alert(1)'],
  ])('renders %s as text', (_name, markdown) => {
    const container = renderMarkdown(markdown);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[href]')).toBeNull();
    expect(container).toHaveTextContent(/click|javascript/);
  });

  it('shows raw HTML as text and never creates its elements or handlers', () => {
    const container = renderMarkdown(
      '<script>alert(1)</script>\n\nhi <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a> <iframe src="https://evil.example"></iframe>',
    );
    expect(container.querySelector('script, img, iframe, a')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container).toHaveTextContent('<img src=x onerror="alert(2)">');
  });

  it('keeps hostile text in a code block and its language label as text', () => {
    const container = renderMarkdown('```<img/src/onerror=alert(1)>\n<script>alert(1)</script>\n```');
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.querySelector('pre')).toHaveTextContent('<script>alert(1)</script>');
  });
});

describe('MarkdownRenderer: math', () => {
  it('renders $…$, $$…$$ and converted \\( \\) / \\[ \\] with KaTeX once it has loaded', async () => {
    const container = renderMarkdown('Inline \\(a^2\\) and $b_1$.\n\n\\[\n\\frac{1}{2}\n\\]');
    // Before KaTeX arrives the TeX is shown, not hidden.
    expect(container).toHaveTextContent('a^2');
    await screen.findAllByText((_text, element) => element?.classList.contains('katex-display') ?? false);
    expect(container.querySelectorAll('.katex')).toHaveLength(3);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelector('.katex-display annotation')).toHaveTextContent('\\frac{1}{2}');
    expect(container.querySelector('math')).not.toBeNull();
  });

  it('draws $$…$$ alone on its line in display mode (KaTeX centres .katex-display), and $…$ in a sentence inline', async () => {
    const container = renderMarkdown('Square:\n\n$$x^2$$\n\nand inline $x$ too.');
    await screen.findByText((_text, element) => element?.classList.contains('katex-display') ?? false);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelector('.katex-display annotation')).toHaveTextContent('x^2');
    expect(container.querySelector('p .katex-display')).toBeNull();
  });

  it('keeps the SVG parts KaTeX draws (roots) through sanitising', async () => {
    const container = renderMarkdown('$$\n\\sqrt{2}\n$$');
    await screen.findByText((_text, element) => element?.classList.contains('katex-display') ?? false);
    expect(container.querySelector('.katex-display svg path')).toHaveAttribute('d');
  });

  it('does not convert \\( \\) inside code', async () => {
    const container = renderMarkdown('Write `\\(x\\)` or:\n\n```latex\n\\(y\\)\n```\n\nbut \\(z\\)');
    await screen.findByText((_text, element) => element?.classList.contains('katex') ?? false);
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container.querySelector('p code')).toHaveTextContent('\\(x\\)');
    expect(container.querySelector('pre')).toHaveTextContent('\\(y\\)');
  });

  it('keeps escaped brackets in a link’s text as brackets, as citations write them, not as a formula', async () => {
    const container = renderMarkdown(
      'Otters hold hands [\\[1\\]](https://example.com/otters)[\\[2\\]](https://news.example.org/a), ' +
        'see [the \\[3\\] page](https://example.net/) and \\[x^2\\] too.',
    );
    // The formula at the end is still one, so KaTeX loads: the links must survive it.
    await screen.findAllByText((_text, element) => element?.classList.contains('katex') ?? false);
    expect(screen.getByRole('link', { name: '[1]' })).toHaveAttribute('href', 'https://example.com/otters');
    expect(screen.getByRole('link', { name: '[2]' })).toHaveAttribute('href', 'https://news.example.org/a');
    expect(screen.getByRole('link', { name: 'the [3] page' })).toHaveAttribute('href', 'https://example.net/');
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container.querySelector('a .katex, a code')).toBeNull();
  });

  it('shows prices as text instead of pairing them into a formula', () => {
    const container = renderMarkdown('It costs $5 now and $10 later.');
    expect(container).toHaveTextContent('It costs $5 now and $10 later.');
    expect(container.querySelector('.katex, code')).toBeNull();
  });

  it('draws KaTeX errors in place and refuses \\href', async () => {
    const container = renderMarkdown('$\\href{javascript:alert(1)}{x}$ and $\\frac{1}{$');
    await screen.findAllByText((_text, element) => element?.classList.contains('katex-error') ?? false);
    // \href is refused (trust: false): its source is shown, but nothing is a link.
    expect(container.querySelector('a, [href]')).toBeNull();
    expect(container.querySelector('.katex-html')).toHaveTextContent('\\href');
  });
});

describe('MarkdownRenderer: streaming', () => {
  const cursorOf = (container: HTMLElement) => container.querySelectorAll('.md-streaming-cursor');

  it('shows one cursor at the end of the last paragraph while streaming, and none after', () => {
    const { container, rerender } = render(<MarkdownRenderer content={'First.\n\nSecond **bold**'} isStreaming />);
    expect(cursorOf(container)).toHaveLength(1);
    const cursor = cursorOf(container)[0];
    expect(cursor?.parentElement?.tagName).toBe('P');
    expect(cursor?.parentElement).toHaveTextContent('Second bold');
    expect(cursor?.previousSibling?.nodeName).toBe('STRONG');
    expect(cursor).toHaveAttribute('aria-hidden', 'true');

    rerender(<MarkdownRenderer content={'First.\n\nSecond **bold**'} />);
    expect(cursorOf(container)).toHaveLength(0);
  });

  it('puts the cursor in the last list item, and after (not inside) a code block', () => {
    const list = renderMarkdown('- a\n- b\n  - nested', true);
    expect(cursorOf(list)[0]?.parentElement).toHaveTextContent(/^nested$/);

    const code = renderMarkdown('```js\nconst a = 1;', true);
    expect(code.querySelector('pre .md-streaming-cursor')).toBeNull();
    expect(cursorOf(code)).toHaveLength(1);
  });

  it('shows a cursor before any text has arrived', () => {
    expect(cursorOf(renderMarkdown('', true))).toHaveLength(1);
  });

  it('renders an unclosed code fence as a code block that grows with the stream', () => {
    const { container, rerender } = render(<MarkdownRenderer content={'Here:\n```python\nprint("hi")'} isStreaming />);
    expect(container.querySelector('pre')).toHaveTextContent('print("hi")');
    expect(screen.getByText('python')).toBeInTheDocument();

    rerender(<MarkdownRenderer content={'Here:\n```python\nprint("hi")\nprint("more")'} isStreaming />);
    expect(container.querySelectorAll('pre')).toHaveLength(1);
    expect(container.querySelector('pre')).toHaveTextContent('print("hi") print("more")');
    expect(container.querySelector('p')).toHaveTextContent(/^Here:$/);
  });
});
