import { describe, expect, it } from 'vitest';
import { type BadgeLayout, parseLayout } from './badge-layout';
import { moveBadgeBy, moveBadgeTo, removeBadge, restoreBadge } from './badge-moves';

const layout: BadgeLayout = { order: ['web_search', 'mcp'], removed: [] };

describe('the badge layout', () => {
  it('reads the stored entry: unknown or repeated ids dropped, badges it lacks appended', () => {
    expect(parseLayout({ order: ['mcp', 'mcp', 'code'], removed: ['web_search', 7] })).toEqual({
      order: ['mcp', 'web_search'],
      removed: ['web_search'],
    });
    expect(parseLayout('junk')).toEqual(layout);
    expect(parseLayout(null)).toEqual(layout);
  });

  it('moves a badge one place among those shown, never past the ends', () => {
    expect(moveBadgeBy(layout, ['web_search', 'mcp'], 'web_search', 1).order).toEqual(['mcp', 'web_search']);
    expect(moveBadgeBy(layout, ['web_search', 'mcp'], 'web_search', -1)).toBe(layout);
    // web_search is not shown here: mcp has no neighbour to swap with.
    expect(moveBadgeBy(layout, ['mcp'], 'mcp', -1)).toBe(layout);
  });

  it('drops a dragged badge where its target is, from either side', () => {
    expect(moveBadgeTo(layout, 'web_search', 'mcp').order).toEqual(['mcp', 'web_search']);
    expect(moveBadgeTo({ ...layout, order: ['mcp', 'web_search'] }, 'web_search', 'mcp').order).toEqual([
      'web_search',
      'mcp',
    ]);
    expect(moveBadgeTo(layout, 'mcp', 'mcp')).toBe(layout);
  });

  it('removes a badge once and adds it back in its old place', () => {
    const without = removeBadge(removeBadge(layout, 'mcp'), 'mcp');
    expect(without).toEqual({ order: ['web_search', 'mcp'], removed: ['mcp'] });
    expect(restoreBadge(without, 'mcp')).toEqual(layout);
  });
});
