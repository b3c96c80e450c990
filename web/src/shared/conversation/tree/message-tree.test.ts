import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../types';
import { buildMessageTree, childIds, isEmptyTree } from './message-tree';
import { at, chatMessage, messageChain } from './testing/chat-message';

describe('buildMessageTree', () => {
  it('hangs messages under their parents, roots under the all-zeros id', () => {
    const tree = buildMessageTree(messageChain(3));
    expect(childIds(tree, NO_PARENT)).toEqual(['m0']);
    expect(childIds(tree, 'm0')).toEqual(['m1']);
    expect(childIds(tree, 'm1')).toEqual(['m2']);
    expect(childIds(tree, 'm2')).toEqual([]);
    expect(tree.nodes.get('m2')).toMatchObject({ parentId: 'm1', depth: 2, siblingIndex: 0, children: [] });
  });

  it('is empty for no messages', () => {
    const tree = buildMessageTree([]);
    expect(isEmptyTree(tree)).toBe(true);
    expect(childIds(tree, NO_PARENT)).toEqual([]);
  });

  it('orders siblings by createdAt, whatever the list order', () => {
    const tree = buildMessageTree([
      chatMessage({ messageId: 'q' }),
      chatMessage({ messageId: 'late', parentMessageId: 'q', createdAt: at(3) }),
      chatMessage({ messageId: 'early', parentMessageId: 'q', createdAt: at(1) }),
      chatMessage({ messageId: 'middle', parentMessageId: 'q', createdAt: at(2) }),
    ]);
    expect(childIds(tree, 'q')).toEqual(['early', 'middle', 'late']);
    expect(tree.nodes.get('late')?.siblingIndex).toBe(2);
    expect(tree.nodes.get('early')?.siblingIndex).toBe(0);
  });

  it('falls back to list order for equal dates, and counts undated (streaming) messages as newest', () => {
    const tree = buildMessageTree([
      chatMessage({ messageId: 'q' }),
      chatMessage({ messageId: 'streaming', parentMessageId: 'q' }),
      chatMessage({ messageId: 'b', parentMessageId: 'q', createdAt: at(1) }),
      chatMessage({ messageId: 'a', parentMessageId: 'q', createdAt: at(1) }),
      chatMessage({ messageId: 'bad-date', parentMessageId: 'q', createdAt: 'not a date' }),
    ]);
    expect(childIds(tree, 'q')).toEqual(['b', 'a', 'streaming', 'bad-date']);
  });

  it('treats a message whose parent is missing as a root', () => {
    const tree = buildMessageTree([
      chatMessage({ messageId: 'root', createdAt: at(0) }),
      chatMessage({ messageId: 'orphan', parentMessageId: 'gone', createdAt: at(1) }),
      chatMessage({ messageId: 'child', parentMessageId: 'orphan', createdAt: at(2) }),
    ]);
    expect(childIds(tree, NO_PARENT)).toEqual(['root', 'orphan']);
    expect(tree.nodes.get('orphan')).toMatchObject({ parentId: NO_PARENT, depth: 0, siblingIndex: 1 });
    expect(tree.nodes.get('child')?.depth).toBe(1);
  });

  it('treats a message that is its own parent as a root', () => {
    const tree = buildMessageTree([chatMessage({ messageId: 'self', parentMessageId: 'self' })]);
    expect(childIds(tree, NO_PARENT)).toEqual(['self']);
  });

  it('cuts a loop at its oldest message so every message is reachable exactly once', () => {
    const tree = buildMessageTree([
      chatMessage({ messageId: 'a', parentMessageId: 'c', createdAt: at(2) }),
      chatMessage({ messageId: 'b', parentMessageId: 'a', createdAt: at(1) }),
      chatMessage({ messageId: 'c', parentMessageId: 'b', createdAt: at(3) }),
      chatMessage({ messageId: 'tail', parentMessageId: 'c', createdAt: at(4) }),
      chatMessage({ messageId: 'ok', createdAt: at(0) }),
    ]);
    expect(childIds(tree, NO_PARENT)).toEqual(['ok', 'b']);
    expect(childIds(tree, 'b')).toEqual(['c']);
    expect(childIds(tree, 'c')).toEqual(['a', 'tail']);
    expect(tree.nodes.size).toBe(5);
    expect(tree.nodes.get('a')?.depth).toBe(2);
  });

  it('keeps the last copy of a duplicated id (a stored message replaced by its live version)', () => {
    const tree = buildMessageTree([
      chatMessage({ messageId: 'r', text: 'old' }),
      chatMessage({ messageId: 'r', text: 'new' }),
    ]);
    expect(tree.nodes.size).toBe(1);
    expect(tree.nodes.get('r')?.message.text).toBe('new');
  });

  it('builds a 1,000-message chain without recursion limits, quickly', () => {
    const messages = messageChain(1000);
    const started = performance.now();
    const tree = buildMessageTree(messages);
    const elapsed = performance.now() - started;
    expect(tree.nodes.get('m999')?.depth).toBe(999);
    // Generous on purpose (CI machines vary); a quadratic build takes far longer.
    expect(elapsed).toBeLessThan(100);
  });

  it('handles a 5,000-message loop without overflowing the stack', () => {
    const messages = messageChain(5000);
    messages[0] = { ...messages[0]!, parentMessageId: 'm4999' };
    const tree = buildMessageTree(messages);
    expect(tree.nodes.size).toBe(5000);
    expect(childIds(tree, NO_PARENT)).toEqual(['m0']);
  });
});
