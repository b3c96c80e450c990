import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml } from './safe-html';

const HOSTILE =
  '<b>Hi</b><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script><a href="javascript:alert(1)">x</a>';

describe('SafeHtml', () => {
  afterEach(() => {
    delete (Element.prototype as { setHTML?: unknown }).setHTML;
  });

  it('sanitises with DOMPurify where the browser has no sanitizer', async () => {
    const { container } = render(<SafeHtml html={HOSTILE} />);
    await waitFor(() => expect(container.querySelector('b')).toHaveTextContent('Hi'));
    expect(container.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it("uses the browser's setHTML when it exists, and never assigns the raw HTML", async () => {
    const setHTML = vi.fn(function (this: Element) {
      this.textContent = 'sanitised by the browser';
    });
    Object.defineProperty(Element.prototype, 'setHTML', { value: setHTML, configurable: true, writable: true });
    const { container } = render(<SafeHtml html={HOSTILE} />);
    await waitFor(() => expect(container).toHaveTextContent('sanitised by the browser'));
    expect(setHTML).toHaveBeenCalledWith(HOSTILE);
    expect(container.querySelector('b')).toBeNull();
  });

  it('replaces the content when the HTML changes', async () => {
    const { container, rerender } = render(<SafeHtml html="<i>one</i>" />);
    await waitFor(() => expect(container).toHaveTextContent('one'));
    rerender(<SafeHtml html="<i>two</i>" />);
    await waitFor(() => expect(container).toHaveTextContent('two'));
    expect(container).not.toHaveTextContent('one');
  });
});
