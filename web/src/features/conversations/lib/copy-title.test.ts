import { describe, expect, it } from 'vitest';
import { TITLE_MAX_CHARS } from '@contract/convos';
import { i18n } from '@/lib/i18n/i18n';
import { copyTitle } from './copy-title';

describe('copyTitle', () => {
  it('marks the original title as a copy', () => {
    expect(copyTitle(i18n.t, 'Trip plans')).toBe('Trip plans (copy)');
  });

  it('cuts a long title so the copy still fits the title limit', () => {
    const title = copyTitle(i18n.t, 'word '.repeat(30));
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(title.endsWith('… (copy)')).toBe(true);
  });
});
