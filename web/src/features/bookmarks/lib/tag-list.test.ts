import { describe, expect, it } from 'vitest';
import { tag } from '../testing/fixtures';
import { addTag, moveTag, removeTag, toggleName, withCountChanges } from './tag-list';

const names = (tags: { tag: string; position: number }[]) => tags.map((item) => `${item.position}:${item.tag}`);
const three = [tag('Saved', 1), tag('Work', 2), tag('Ideas', 3)];

describe('moveTag', () => {
  it('moves down and up, renumbering 1…n', () => {
    expect(names(moveTag(three, 0, 2))).toEqual(['1:Work', '2:Ideas', '3:Saved']);
    expect(names(moveTag(three, 2, 0))).toEqual(['1:Ideas', '2:Saved', '3:Work']);
  });

  it('clamps the target and ignores a move to the same place', () => {
    expect(names(moveTag(three, 1, 10))).toEqual(['1:Saved', '2:Ideas', '3:Work']);
    expect(moveTag(three, 1, 1)).toBe(three);
    expect(moveTag(three, 0, -1)).toBe(three);
  });
});

describe('removeTag and addTag', () => {
  it('closes the gap of a deleted bookmark', () => {
    expect(names(removeTag(three, 'Saved'))).toEqual(['1:Work', '2:Ideas']);
  });

  it('adds a new bookmark at its position, replacing one of the same name', () => {
    expect(names(addTag(three, tag('New', 4)))).toEqual(['1:Saved', '2:Work', '3:Ideas', '4:New']);
    expect(addTag(three, { ...tag('Work', 2), count: 9 }).find((item) => item.tag === 'Work')?.count).toBe(9);
  });
});

describe('withCountChanges', () => {
  it('counts one more chat for added bookmarks and one fewer for removed ones, never below 0', () => {
    const tags = [{ ...tag('Saved', 1), count: 2 }, { ...tag('Work', 2), count: 0 }, tag('Ideas', 3)];
    const after = withCountChanges(tags, ['Saved', 'Work'], ['Ideas']);
    expect(after.map((item) => item.count)).toEqual([1, 0, 1]);
  });
});

describe('toggleName', () => {
  it('adds a missing name at the end and removes a present one', () => {
    expect(toggleName(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleName(['a', 'b'], 'a')).toEqual(['b']);
  });
});
