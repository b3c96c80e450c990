import { NO_PARENT } from '../../contract/endpoints';
import type { ImportedMessage, MessageNode } from './types';

/**
 * Turns the nodes of one imported conversation into a tree the app can store: fresh message
 * ids, every parent pointing at a kept message or at the all-zeros root, no cycles.
 *
 * - A parent id that names no node of the conversation (dangling) makes the node a root child.
 * - A cycle of parent links is cut where the walk first comes back to a node: that node
 *   becomes a root child, so every message of the cycle is kept.
 * - A node without a message (a hidden or system node) is dropped, and its children hang from
 *   its nearest kept ancestor, so the chain stays connected.
 * - A key seen twice keeps its first node; the later ones are dropped (counted as skipped).
 *
 * Everything is iterative over typed arrays: a 10,000-deep chain costs no stack.
 */

export interface TreeMessage {
  messageId: string;
  parentMessageId: string;
  message: ImportedMessage;
  /** The message's date, or its nearest kept ancestor's, or the fallback. */
  createdAt: number;
}

export interface NormalisedTree {
  /** Parents before children (depth-first, siblings in file order): safe insertion order. */
  messages: TreeMessage[];
  duplicates: number;
  cyclesCut: number;
}

const NONE = -1;

/** Parent links as indexes (NONE for roots and dangling parents), and the duplicates dropped. */
function linkByIndex(nodes: readonly MessageNode[]): { unique: MessageNode[]; parent: Int32Array; duplicates: number } {
  const indexOf = new Map<string, number>();
  const unique: MessageNode[] = [];
  for (const node of nodes) {
    if (indexOf.has(node.key)) continue;
    indexOf.set(node.key, unique.length);
    unique.push(node);
  }
  const parent = new Int32Array(unique.length);
  unique.forEach((node, index) => {
    parent[index] = node.parentKey === null ? NONE : (indexOf.get(node.parentKey) ?? NONE);
  });
  return { unique, parent, duplicates: nodes.length - unique.length };
}

/**
 * Walks up from every node once (states: unseen, on the current walk, finished). Coming back
 * to a node of the current walk means a cycle; its parent link is cut. O(n) overall.
 */
export function cutCycles(parent: Int32Array): number {
  const UNSEEN = 0;
  const ON_WALK = 1;
  const FINISHED = 2;
  const state = new Uint8Array(parent.length);
  const walk: number[] = [];
  let cuts = 0;
  for (let start = 0; start < parent.length; start++) {
    if (state[start] !== UNSEEN) continue;
    walk.length = 0;
    let at = start;
    while (at !== NONE && state[at] === UNSEEN) {
      state[at] = ON_WALK;
      walk.push(at);
      at = parent[at] ?? NONE;
    }
    if (at !== NONE && state[at] === ON_WALK) {
      parent[at] = NONE;
      cuts++;
    }
    for (const index of walk) state[index] = FINISHED;
  }
  return cuts;
}

/** Depth-first preorder from the roots, siblings in file order, without recursion. */
function preorder(parent: Int32Array): number[] {
  const children: number[][] = Array.from({ length: parent.length }, () => []);
  const roots: number[] = [];
  parent.forEach((p, index) => (p === NONE ? roots : (children[p] ?? roots)).push(index));
  const order: number[] = [];
  const stack = roots.reverse();
  while (stack.length > 0) {
    const index = stack.pop() ?? NONE;
    order.push(index);
    const kids = children[index] ?? [];
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k] ?? NONE);
  }
  return order;
}

export function normaliseTree(
  nodes: readonly MessageNode[],
  fallbackDateMs: number,
  newId: () => string = () => crypto.randomUUID(),
): NormalisedTree {
  const { unique, parent, duplicates } = linkByIndex(nodes);
  const cyclesCut = cutCycles(parent);

  // For each node, the index of the nearest kept node at or above it (NONE: none above).
  const anchor = new Int32Array(unique.length).fill(NONE);
  const keptAt = new Map<number, TreeMessage>();
  const messages: TreeMessage[] = [];
  for (const index of preorder(parent)) {
    const p = parent[index] ?? NONE;
    const above = p === NONE ? NONE : (anchor[p] ?? NONE);
    const message = unique[index]?.message;
    if (!message) {
      anchor[index] = above;
      continue;
    }
    const ancestor = above === NONE ? undefined : keptAt.get(above);
    const kept: TreeMessage = {
      messageId: newId(),
      parentMessageId: ancestor?.messageId ?? NO_PARENT,
      message,
      createdAt: message.createdAt ?? ancestor?.createdAt ?? fallbackDateMs,
    };
    anchor[index] = index;
    keptAt.set(index, kept);
    messages.push(kept);
  }
  return { messages, duplicates, cyclesCut };
}
