import { describe, expect, it } from 'vitest';
import { selectGroups } from './select-groups';

const groups = [{ id: 'route-js' }, { id: 'conversation-render' }, { id: 'ttft' }];

describe('selectGroups', () => {
  it('measures every group when none is named', () => {
    expect(selectGroups(groups, [])).toEqual(groups);
  });

  it('keeps the bench order, whatever order the ids are given in', () => {
    expect(selectGroups(groups, ['ttft', 'route-js']).map((group) => group.id)).toEqual(['route-js', 'ttft']);
  });

  it('refuses an unknown id and lists the known ones', () => {
    expect(() => selectGroups(groups, ['render'])).toThrow(
      'Unknown bench group render; the groups are route-js, conversation-render, ttft.',
    );
  });
});
