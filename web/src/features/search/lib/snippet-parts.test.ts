import { describe, expect, it } from 'vitest';
import { SEARCH_MARK_END as E, SEARCH_MARK_START as S } from '@contract/search-marks';
import { snippetParts } from './snippet-parts';

describe('snippetParts', () => {
  it('splits the marked terms from the text around them', () => {
    expect(snippetParts(`…the ${S}quick${E} brown ${S}fox${E}`)).toEqual([
      { text: '…the ', marked: false },
      { text: 'quick', marked: true },
      { text: ' brown ', marked: false },
      { text: 'fox', marked: true },
    ]);
  });

  it('keeps markup-looking text as plain text runs', () => {
    expect(snippetParts(`<img src=x onerror=alert(1)> ${S}match${E}`)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: 'match', marked: true },
    ]);
  });

  it('marks to the end when a term is cut, and drops a stray end marker', () => {
    expect(snippetParts(`a${E}b ${S}cut`)).toEqual([
      { text: 'a', marked: false },
      { text: 'b ', marked: false },
      { text: 'cut', marked: true },
    ]);
  });

  it('gives nothing for an empty snippet and one run for an unmarked one', () => {
    expect(snippetParts('')).toEqual([]);
    expect(snippetParts('plain')).toEqual([{ text: 'plain', marked: false }]);
  });
});
