import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../contract/endpoints';
import { ForkSelectionError, selectForkMessages, type ForkRequest, type TreeNode } from './select';

/*
 * The tree used throughout (creation order = seq):
 *
 *   q1 ─ a1 ─ q2 ─ a2 ─ q3
 *   │    │         └─ a2b
 *   │    └─ q2b ─ a3
 *   └─ a1b
 *   q1b (an edited first question: a second root)
 */
const EDGES: [string, string][] = [
  ['q1', NO_PARENT],
  ['a1', 'q1'],
  ['q2', 'a1'],
  ['a2', 'q2'],
  ['q3', 'a2'],
  ['a2b', 'q2'],
  ['q2b', 'a1'],
  ['a3', 'q2b'],
  ['a1b', 'q1'],
  ['q1b', NO_PARENT],
];
const TREE: TreeNode[] = EDGES.map(([messageId, parentMessageId], seq) => ({
  messageId,
  parentMessageId,
  createdAt: 1_000 + seq,
  seq,
}));

function fork(request: Partial<ForkRequest> & { targetId: string }): Record<string, string> {
  const selected = selectForkMessages(TREE, { option: 'targetLevel', splitAtTarget: false, ...request });
  return Object.fromEntries(selected.map(({ node, parentMessageId }) => [node.messageId, parentMessageId]));
}

describe('selectForkMessages', () => {
  it('directPath: only the path from the root to the target', () => {
    expect(fork({ targetId: 'a2', option: 'directPath' })).toEqual({ q1: NO_PARENT, a1: 'q1', q2: 'a1', a2: 'q2' });
  });

  it('includeBranches: the path and the alternatives of every message on it, not what hangs below them', () => {
    expect(fork({ targetId: 'a2', option: 'includeBranches' })).toEqual({
      q1: NO_PARENT,
      q1b: NO_PARENT,
      a1: 'q1',
      a1b: 'q1',
      q2: 'a1',
      q2b: 'a1',
      a2: 'q2',
      a2b: 'q2',
    });
  });

  it('targetLevel: every branch down to the target depth', () => {
    expect(fork({ targetId: 'q2', option: 'targetLevel' })).toEqual({
      q1: NO_PARENT,
      q1b: NO_PARENT,
      a1: 'q1',
      a1b: 'q1',
      q2: 'a1',
      q2b: 'a1',
    });
  });

  it('never copies the target’s replies, and nests directPath ⊆ includeBranches ⊆ targetLevel', () => {
    for (const targetId of TREE.map((node) => node.messageId)) {
      const direct = Object.keys(fork({ targetId, option: 'directPath' }));
      const branches = Object.keys(fork({ targetId, option: 'includeBranches' }));
      const level = Object.keys(fork({ targetId, option: 'targetLevel' }));
      expect(branches).toEqual(expect.arrayContaining(direct));
      expect(level).toEqual(expect.arrayContaining(branches));
    }
    expect(Object.keys(fork({ targetId: 'q2', option: 'targetLevel' }))).not.toContain('a2');
  });

  it('orders parents before children', () => {
    const order = selectForkMessages(TREE, { targetId: 'q3', option: 'targetLevel', splitAtTarget: false }).map(
      (f) => f.node.messageId,
    );
    for (const [child, parent] of EDGES) {
      if (parent !== NO_PARENT && order.includes(child))
        expect(order.indexOf(parent)).toBeLessThan(order.indexOf(child));
    }
  });

  it('splitAtTarget: starts at the target, which becomes a root, down to the latest message', () => {
    expect(fork({ targetId: 'q2', option: 'directPath', splitAtTarget: true, latestMessageId: 'q3' })).toEqual({
      q2: NO_PARENT,
      a2: 'q2',
      q3: 'a2',
    });
    expect(fork({ targetId: 'q2', option: 'includeBranches', splitAtTarget: true, latestMessageId: 'q3' })).toEqual({
      q2: NO_PARENT,
      q2b: NO_PARENT,
      a2: 'q2',
      a2b: 'q2',
      q3: 'a2',
    });
    expect(fork({ targetId: 'a2', option: 'targetLevel', splitAtTarget: true, latestMessageId: 'q3' })).toEqual({
      a2: NO_PARENT,
      a2b: NO_PARENT,
      a3: NO_PARENT,
      q3: 'a2',
    });
  });

  it('splitAtTarget without latestMessageId ends at the newest message below the target', () => {
    expect(fork({ targetId: 'q2', option: 'directPath', splitAtTarget: true })).toEqual({ q2: NO_PARENT, a2b: 'q2' });
    expect(fork({ targetId: 'q3', option: 'directPath', splitAtTarget: true })).toEqual({ q3: NO_PARENT });
  });

  it('refuses a latest message that is not the target or below it', () => {
    for (const latestMessageId of ['a3', 'q1', 'missing']) {
      expect(() => fork({ targetId: 'q2', splitAtTarget: true, latestMessageId })).toThrow(
        new ForkSelectionError('latest_not_after_target'),
      );
    }
  });

  it('reports an unknown target, and a target on a parent cycle', () => {
    expect(() => fork({ targetId: 'nope' })).toThrow(new ForkSelectionError('target_not_found'));
    const cyclic: TreeNode[] = [
      { messageId: 'x', parentMessageId: 'y', createdAt: 1, seq: 1 },
      { messageId: 'y', parentMessageId: 'x', createdAt: 2, seq: 2 },
      { messageId: 'r', parentMessageId: NO_PARENT, createdAt: 3, seq: 3 },
    ];
    expect(() => selectForkMessages(cyclic, { targetId: 'x', option: 'directPath', splitAtTarget: false })).toThrow(
      new ForkSelectionError('target_unreachable'),
    );
    expect(
      selectForkMessages(cyclic, { targetId: 'r', option: 'targetLevel', splitAtTarget: false }).map(
        (f) => f.node.messageId,
      ),
    ).toEqual(['r']);
  });

  it('treats a message whose parent is missing (imported data) as a root', () => {
    const orphan: TreeNode[] = [
      { messageId: 'o', parentMessageId: 'gone', createdAt: 1, seq: 1 },
      { messageId: 'c', parentMessageId: 'o', createdAt: 2, seq: 2 },
    ];
    expect(
      selectForkMessages(orphan, { targetId: 'c', option: 'directPath', splitAtTarget: false }).map((f) => [
        f.node.messageId,
        f.parentMessageId,
      ]),
    ).toEqual([
      ['o', NO_PARENT],
      ['c', 'o'],
    ]);
  });
});
