import { describe, expect, it } from 'vitest';
import { filterByQuery, MODEL_SEARCH_THRESHOLD, showsModelSearch } from './model-search';

describe('model search', () => {
  it('appears only with more than 10 options', () => {
    expect(MODEL_SEARCH_THRESHOLD).toBe(10);
    expect(showsModelSearch(10)).toBe(false);
    expect(showsModelSearch(11)).toBe(true);
  });

  it('matches every word, case-insensitively, in any order', () => {
    const models = ['gpt-4o', 'gpt-4o-mini', 'o3-mini', 'Claude-3-Haiku'];
    const byName = (model: string) => model;
    expect(filterByQuery(models, 'mini 4o', byName)).toEqual(['gpt-4o-mini']);
    expect(filterByQuery(models, 'HAIKU', byName)).toEqual(['Claude-3-Haiku']);
    expect(filterByQuery(models, '  ', byName)).toEqual(models);
    expect(filterByQuery(models, 'llama', byName)).toEqual([]);
  });
});
