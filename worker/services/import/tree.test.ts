import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../contract/endpoints';
import { cutCycles, normaliseTree } from './tree';
import type { ImportedMessage, MessageNode } from './types';

const say = (text: string, createdAt: number | null = null): ImportedMessage => ({
  text,
  content: null,
  isCreatedByUser: false,
  sender: 'AI',
  model: null,
  error: false,
  unfinished: false,
  createdAt,
});
const node = (key: string, parentKey: string | null, text: string | null = key): MessageNode => ({
  key,
  parentKey,
  message: text === null ? null : say(text),
});

let counter = 0;
const ids = () => `id-${counter++}`;

/** text → parent's text (or 'root'), to read a normalised tree at a glance. */
function shape(nodes: MessageNode[]): Record<string, string> {
  const { messages } = normaliseTree(nodes, 0, ids);
  const textOf = new Map(messages.map((m) => [m.messageId, m.message.text]));
  return Object.fromEntries(
    messages.map((m) => [
      m.message.text,
      m.parentMessageId === NO_PARENT ? 'root' : (textOf.get(m.parentMessageId) ?? 'MISSING'),
    ]),
  );
}

describe('normaliseTree', () => {
  it('keeps a tree as it is, with fresh ids, parents listed before children', () => {
    const { messages } = normaliseTree([node('b', 'a'), node('a', null), node('c', 'a')], 0, ids);
    expect(messages.map((m) => m.message.text)).toEqual(['a', 'b', 'c']);
    expect(messages.every((m) => m.messageId.startsWith('id-'))).toBe(true);
    expect(shape([node('b', 'a'), node('a', null), node('c', 'a')])).toEqual({ a: 'root', b: 'a', c: 'a' });
  });

  it('makes a node whose parent is not in the file a root child', () => {
    expect(shape([node('a', null), node('b', 'ghost')])).toEqual({ a: 'root', b: 'root' });
  });

  it('cuts a cycle and keeps every message of it', () => {
    const result = normaliseTree([node('a', 'c'), node('b', 'a'), node('c', 'b'), node('d', 'd')], 0, ids);
    expect(result.cyclesCut).toBe(2);
    expect(result.messages).toHaveLength(4);
    expect(shape([node('a', 'c'), node('b', 'a'), node('c', 'b')])).toEqual({ a: 'root', b: 'a', c: 'b' });
  });

  it('re-attaches the children of a dropped node to its nearest kept ancestor', () => {
    expect(
      shape([
        node('root', null, null),
        node('system', 'root', null),
        node('q', 'system'),
        node('hidden', 'q', null),
        node('a1', 'hidden'),
        node('a2', 'q'),
      ]),
    ).toEqual({
      q: 'root',
      a1: 'q',
      a2: 'q',
    });
  });

  it('keeps the first of two nodes with the same key', () => {
    const result = normaliseTree([node('a', null, 'first'), node('a', null, 'second')], 0, ids);
    expect(result.duplicates).toBe(1);
    expect(result.messages.map((m) => m.message.text)).toEqual(['first']);
  });

  it('dates a message without a date from its ancestor, else from the fallback', () => {
    const nodes: MessageNode[] = [
      { key: 'a', parentKey: null, message: say('a', 5_000) },
      node('b', 'a'),
      node('c', null),
    ];
    const byText = Object.fromEntries(normaliseTree(nodes, 42, ids).messages.map((m) => [m.message.text, m.createdAt]));
    expect(byText).toEqual({ a: 5_000, b: 5_000, c: 42 });
  });

  it('handles a 10,000-deep chain without recursion', () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) => node(`n${i}`, i === 0 ? null : `n${i - 1}`));
    const { messages } = normaliseTree(nodes.reverse(), 0, ids);
    expect(messages).toHaveLength(10_000);
    expect(messages[0]?.parentMessageId).toBe(NO_PARENT);
    expect(messages[9_999]?.parentMessageId).toBe(messages[9_998]?.messageId);
  });
});

describe('cutCycles', () => {
  it('leaves an acyclic forest untouched', () => {
    const parent = Int32Array.from([-1, 0, 1, 0]);
    expect(cutCycles(parent)).toBe(0);
    expect([...parent]).toEqual([-1, 0, 1, 0]);
  });

  it('cuts one link per cycle, including a node that is its own parent', () => {
    const parent = Int32Array.from([1, 2, 0, 3, -1]);
    expect(cutCycles(parent)).toBe(2);
    expect([...parent].filter((p) => p === -1)).toHaveLength(3);
  });
});
