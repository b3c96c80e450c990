import { describe, expect, it } from 'vitest';
import { linkCitations, readSources } from './citations';

const sources = readSources([
  { index: 1, title: 'Workers docs', url: 'https://www.example.com/docs' },
  { index: 2, title: 'A "quoted" title', url: 'https://news.example.org/a?b=1&c=(2)' },
]);

describe('readSources', () => {
  it('keeps http(s) pages with their host, and drops what is malformed or unsafe', () => {
    expect(sources).toEqual([
      { index: 1, title: 'Workers docs', url: 'https://www.example.com/docs', host: 'example.com' },
      { index: 2, title: 'A "quoted" title', url: 'https://news.example.org/a?b=1&c=(2)', host: 'news.example.org' },
    ]);
    expect(
      readSources([
        { index: 1, title: 'x', url: 'javascript:alert(1)' },
        { index: 2, title: 'x', url: 'not a url' },
        { title: 'no index', url: 'https://a.example/' },
        { index: 3, url: 'https://untitled.example/' },
        'junk',
      ]),
    ).toEqual([{ index: 3, title: 'untitled.example', url: 'https://untitled.example/', host: 'untitled.example' }]);
    expect(readSources(undefined)).toEqual([]);
  });
});

describe('linkCitations', () => {
  it('turns each [n] that names a source into a link titled with its page and host', () => {
    expect(linkCitations('Fast [1][2]. Unknown [3].', sources)).toBe(
      'Fast [[1]](<https://www.example.com/docs> "Workers docs (example.com)")' +
        '[[2]](<https://news.example.org/a?b=1&c=(2)> "A \'quoted\' title (news.example.org)"). Unknown [3].',
    );
  });

  it('leaves code, existing links and reference definitions alone', () => {
    const text = 'See `arr[1]` and\n```\nx = y[2]\n```\n[1](https://other.example) and\n[2]: https://def.example';
    expect(linkCitations(text, sources)).toBe(text);
    expect(linkCitations('no sources [1]', [])).toBe('no sources [1]');
  });
});
