import { describe, expect, it } from 'vitest';
import { isSystemAuthenticated, type Plugin } from './plugins';

const search: Plugin = {
  name: 'Search',
  pluginKey: 'search',
  description: 'Finds pages.',
  authConfig: [
    { authField: 'SEARCH_KEY||SEARCH_API_KEY', label: 'Key', description: 'The key.' },
    { authField: 'SEARCH_ID', label: 'Engine', description: 'The engine.' },
  ],
};

describe('isSystemAuthenticated', () => {
  it('needs every field set by the environment, one of A||B being enough', () => {
    expect(isSystemAuthenticated(search, { SEARCH_API_KEY: 'k', SEARCH_ID: 'e' })).toBe(true);
    expect(isSystemAuthenticated(search, { SEARCH_KEY: 'k' })).toBe(false);
  });

  it('does not count empty values, user_provided, or names only found on the prototype', () => {
    expect(isSystemAuthenticated(search, { SEARCH_KEY: ' ', SEARCH_ID: 'e' })).toBe(false);
    expect(isSystemAuthenticated(search, { SEARCH_KEY: 'user_provided', SEARCH_ID: 'e' })).toBe(false);
    const tricky: Plugin = { ...search, authConfig: [{ authField: 'toString', label: '', description: '' }] };
    expect(isSystemAuthenticated(tricky, {})).toBe(false);
  });

  it('a tool without fields needs nothing', () => {
    expect(isSystemAuthenticated({ ...search, authConfig: [] }, {})).toBe(true);
  });
});
