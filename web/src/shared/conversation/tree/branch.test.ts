import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../types';
import { currentBranch, selectedChildId, siblingPosition, stepSibling } from './branch';
import { buildMessageTree } from './message-tree';
import { at, chatMessage, messageChain } from './testing/chat-message';

/**
 *   q1 ─┬─ r1a ── q2 ── r2
 *       └─ r1b (regenerated)
 *   q1' (edit of q1, a second root) ── r1'
 */
const forked = [
  chatMessage({ messageId: 'q1', createdAt: at(0) }),
  chatMessage({ messageId: 'r1a', parentMessageId: 'q1', isCreatedByUser: false, createdAt: at(1) }),
  chatMessage({ messageId: 'q2', parentMessageId: 'r1a', createdAt: at(2) }),
  chatMessage({ messageId: 'r2', parentMessageId: 'q2', isCreatedByUser: false, createdAt: at(3) }),
  chatMessage({ messageId: 'r1b', parentMessageId: 'q1', isCreatedByUser: false, createdAt: at(4) }),
  chatMessage({ messageId: 'q1-edit', createdAt: at(5) }),
  chatMessage({ messageId: 'r1-edit', parentMessageId: 'q1-edit', isCreatedByUser: false, createdAt: at(6) }),
];

const ids = (entries: { message: { messageId: string } }[]) => entries.map((entry) => entry.message.messageId);

describe('currentBranch', () => {
  it('follows the latest sibling at every level by default', () => {
    const tree = buildMessageTree(forked);
    expect(ids(currentBranch(tree, {}))).toEqual(['q1-edit', 'r1-edit']);
  });

  it('follows the selected sibling where one is chosen, the latest elsewhere', () => {
    const tree = buildMessageTree(forked);
    expect(ids(currentBranch(tree, { [NO_PARENT]: 'q1' }))).toEqual(['q1', 'r1b']);
    expect(ids(currentBranch(tree, { [NO_PARENT]: 'q1', q1: 'r1a' }))).toEqual(['q1', 'r1a', 'q2', 'r2']);
  });

  it('ignores a selection that is no longer a child of its parent', () => {
    const tree = buildMessageTree(forked);
    expect(ids(currentBranch(tree, { [NO_PARENT]: 'r2', q1: 'gone' }))).toEqual(['q1-edit', 'r1-edit']);
    expect(selectedChildId(tree, { q1: 'gone' }, 'q1')).toBe('r1b');
  });

  it('reports each entry’s parent and siblings for the navigation', () => {
    const tree = buildMessageTree(forked);
    const [question, reply] = currentBranch(tree, { [NO_PARENT]: 'q1', q1: 'r1a' });
    expect(question).toMatchObject({ parentId: NO_PARENT, siblingIds: ['q1', 'q1-edit'], siblingIndex: 0 });
    expect(reply).toMatchObject({ parentId: 'q1', siblingIds: ['r1a', 'r1b'], siblingIndex: 0 });
  });

  it('is empty for an empty tree', () => {
    expect(currentBranch(buildMessageTree([]), {})).toEqual([]);
  });

  it('walks a 1,000-message chain quickly', () => {
    const tree = buildMessageTree(messageChain(1000));
    const started = performance.now();
    const branch = currentBranch(tree, {});
    expect(performance.now() - started).toBeLessThan(50);
    expect(branch).toHaveLength(1000);
    expect(branch[999]?.message.messageId).toBe('m999');
  });
});

describe('sibling navigation', () => {
  it('counts from 1 and knows its ends', () => {
    expect(siblingPosition(0, 3)).toEqual({ current: 1, total: 3, hasPrevious: false, hasNext: true });
    expect(siblingPosition(1, 3)).toEqual({ current: 2, total: 3, hasPrevious: true, hasNext: true });
    expect(siblingPosition(2, 3)).toEqual({ current: 3, total: 3, hasPrevious: true, hasNext: false });
    expect(siblingPosition(0, 1)).toEqual({ current: 1, total: 1, hasPrevious: false, hasNext: false });
  });

  it('steps to the neighbouring sibling and stays put at the ends', () => {
    const tree = buildMessageTree(forked);
    const [, reply] = currentBranch(tree, { [NO_PARENT]: 'q1' });
    expect(reply?.message.messageId).toBe('r1b');
    const previous = stepSibling({ [NO_PARENT]: 'q1' }, reply!, -1);
    expect(previous).toEqual({ [NO_PARENT]: 'q1', q1: 'r1a' });
    expect(ids(currentBranch(tree, previous))).toEqual(['q1', 'r1a', 'q2', 'r2']);

    const atEnd = { [NO_PARENT]: 'q1' };
    expect(stepSibling(atEnd, reply!, 1)).toBe(atEnd);
  });

  it('an edit of the first message makes a second root the user can page back from', () => {
    const tree = buildMessageTree(forked);
    const [first] = currentBranch(tree, {});
    expect(siblingPosition(first!.siblingIndex, first!.siblingIds.length)).toMatchObject({ current: 2, total: 2 });
    const back = stepSibling({}, first!, -1);
    expect(ids(currentBranch(tree, back))).toEqual(['q1', 'r1b']);
  });
});
