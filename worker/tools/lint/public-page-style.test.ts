import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_CSS } from '../../services/public-pages/content-style';
import { REPO_ROOT } from '../lib/paths';

// The worker renders the public pages first and the SPA redraws them: both must style the
// content alike, or the page visibly changes as the app takes over (the words: page-text.test.ts).
describe('the public pages look the same in the worker and in the SPA', () => {
  it('styles the content with the SPA’s stylesheet', async () => {
    const file = path.join(REPO_ROOT, 'web/src/features/public-pages/public-page-content.css');
    const css = await readFile(file, 'utf8');
    expect(css.split('\n').slice(1).join('\n').trimEnd()).toBe(CONTENT_CSS);
  });
});
