import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import { safeUrl, safeUrlTransform } from './safe-url';

describe('safeUrl', () => {
  it('keeps http, https and mailto links, normalised', () => {
    expect(safeUrl('https://example.com')).toBe('https://example.com/');
    expect(safeUrl('http://example.com/a?b=1#c')).toBe('http://example.com/a?b=1#c');
    expect(safeUrl('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '/api/auth/logout',
    '//evil.example',
    '#footnote',
    '',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('allows images from the web only', () => {
    const image: Element = { type: 'element', tagName: 'img', properties: {}, children: [] };
    expect(safeUrlTransform('https://example.com/a.png', 'src', image)).toBe('https://example.com/a.png');
    expect(safeUrlTransform('data:image/png;base64,AAAA', 'src', image)).toBeNull();
    expect(safeUrlTransform('mailto:a@example.com', 'src', image)).toBeNull();
  });
});
