import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock, COPY_CONFIRMATION_MS } from './code-block';

const tokens = (container: HTMLElement, className: string) => container.querySelectorAll(`code .${className}`);

describe('CodeBlock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the code at once, then highlights it when the grammar has loaded', async () => {
    const { container } = render(<CodeBlock language="rust" code={'fn main() {\n    let x = "hi";\n}'} />);
    expect(screen.getByText('rust')).toBeInTheDocument();
    expect(container.querySelector('pre code')).toHaveTextContent('fn main() { let x = "hi"; }');
    expect(tokens(container, 'hljs-keyword')).toHaveLength(0);

    await vi.waitFor(() => expect(tokens(container, 'hljs-keyword').length).toBeGreaterThan(0));
    expect(tokens(container, 'hljs-string')[0]).toHaveTextContent('"hi"');
    // Highlighting only wraps tokens: the text is unchanged.
    expect(container.querySelector('pre code')).toHaveTextContent('fn main() { let x = "hi"; }');
  });

  it('highlights a block mounted after its grammar loaded in its first render', async () => {
    const first = render(<CodeBlock language="go" code="package main" />);
    await vi.waitFor(() => expect(tokens(first.container, 'hljs-keyword')).toHaveLength(1));
    first.unmount();

    const { container } = render(<CodeBlock language="golang" code="func f() {}" />);
    expect(tokens(container, 'hljs-keyword')).toHaveLength(1);
  });

  it('leaves code in an unknown or missing language plain', async () => {
    const { container } = render(<CodeBlock language="brainfuck" code="++[>+<-]" />);
    render(<CodeBlock language={undefined} code="plain words" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('pre code')?.innerHTML).toBe('++[&gt;+&lt;-]');
    expect(screen.getByText('plain words').querySelector('span')).toBeNull();
  });

  it('copies the code and confirms for 3 seconds', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    render(<CodeBlock language="python" code={'print("hi")\n'} />);

    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith('print("hi")\n');
    const button = screen.getByRole('button', { name: 'Copied!' });
    expect(button.querySelector('[aria-live="polite"]')).toHaveTextContent('Copied!');

    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(button).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toHaveTextContent('Copy code');
  });

  it('says nothing was copied when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    render(<CodeBlock language="python" code="x = 1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });
});
