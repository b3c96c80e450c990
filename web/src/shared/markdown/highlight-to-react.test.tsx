import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightToReact } from './highlight-to-react';

const renderTokens = (html: string) => render(<code>{highlightToReact(html)}</code>).container.querySelector('code');

describe('highlightToReact', () => {
  it('rebuilds highlight.js spans, nested, with their classes, and decodes its entities', () => {
    const code = renderTokens(
      '<span class="hljs-keyword">if</span> (a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#x27;e&#x27;) <span class="hljs-title function_">f<span class="hljs-params">(x)</span></span>',
    );
    expect(code).toHaveTextContent(`if (a < b && c > "d" 'e') f(x)`);
    expect(code?.querySelector('.hljs-keyword')).toHaveTextContent('if');
    expect(code?.querySelector('.hljs-title.function_ > .hljs-params')).toHaveTextContent('(x)');
  });

  it('turns anything that is not a highlight.js span into text', () => {
    const code = renderTokens('<img src=x onerror="alert(1)"><span class="x" onclick="y">z</span><script>1</script>');
    expect(code?.querySelector('img, script, [onerror], [onclick]')).toBeNull();
    expect(code?.querySelectorAll('*')).toHaveLength(0);
    expect(code).toHaveTextContent(
      '<img src=x onerror="alert(1)"><span class="x" onclick="y">z</span><script>1</script>',
    );
  });

  it('keeps a stray closer as text and the text of an unclosed span', () => {
    const code = renderTokens('a</span><span class="hljs-string">b');
    expect(code?.textContent).toBe('a</span>b');
  });
});
