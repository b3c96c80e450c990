import { type ChatMessage, NO_PARENT } from '../types';

/**
 * The conversation as a tree: each node has its children, its depth and its siblingIndex.
 * Built from the flat list the API and the stream give us, which can be imperfect: a message
 * whose parent is missing (a partial fetch, a placeholder id replaced mid-stream) becomes a
 * root, and a parent chain that loops is cut so every message is still reachable once.
 */
export interface TreeNode {
  message: ChatMessage;
  /** The parent as the tree uses it: NO_PARENT for roots, even when the message names another. */
  parentId: string;
  /** Child message ids, oldest first. */
  children: string[];
  /** 0 for roots. */
  depth: number;
  /** Position among the parent's children, oldest first (0-based). */
  siblingIndex: number;
}

export interface MessageTree {
  nodes: ReadonlyMap<string, TreeNode>;
  /** Children per parent id; the roots are under NO_PARENT. Oldest first. */
  childrenOf: ReadonlyMap<string, readonly string[]>;
}

/** The ids of a parent's children (the roots for NO_PARENT), oldest first. */
export function childIds(tree: MessageTree, parentId: string): readonly string[] {
  return tree.childrenOf.get(parentId) ?? [];
}

export function isEmptyTree(tree: MessageTree): boolean {
  return tree.nodes.size === 0;
}

/**
 * Creation order: createdAt, then the order of the list. A message without a (valid) date is
 * one still arriving on a stream, so it counts as the newest.
 */
function creationTime(message: ChatMessage): number {
  if (!message.createdAt) return Number.POSITIVE_INFINITY;
  const time = Date.parse(message.createdAt);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

export function buildMessageTree(messages: readonly ChatMessage[]): MessageTree {
  // The last copy of an id wins: a list merged with a live run may hold a message twice.
  const byId = new Map<string, { message: ChatMessage; order: number; time: number }>();
  messages.forEach((message, order) => {
    byId.set(message.messageId, { message, order, time: creationTime(message) });
  });

  const parentOf = new Map<string, string>();
  for (const [id, { message }] of byId) {
    const parent = message.parentMessageId;
    parentOf.set(id, parent !== id && byId.has(parent) ? parent : NO_PARENT);
  }
  breakCycles(parentOf, (id) => byId.get(id)!);

  const childrenOf = new Map<string, string[]>();
  for (const [id, parent] of parentOf) {
    const list = childrenOf.get(parent);
    if (list) list.push(id);
    else childrenOf.set(parent, [id]);
  }
  for (const list of childrenOf.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => {
      const left = byId.get(a)!;
      const right = byId.get(b)!;
      return left.time === right.time ? left.order - right.order : left.time < right.time ? -1 : 1;
    });
  }

  // Depth and sibling index, walked breadth-first from the roots without recursion, so a
  // 1,000-message chain cannot overflow the stack.
  const nodes = new Map<string, TreeNode>();
  const queue: { id: string; parent: string; depth: number; index: number }[] = (childrenOf.get(NO_PARENT) ?? []).map(
    (id, index) => ({ id, parent: NO_PARENT, depth: 0, index }),
  );
  for (let head = 0; head < queue.length; head++) {
    const { id, parent, depth, index } = queue[head]!;
    const children = childrenOf.get(id) ?? [];
    nodes.set(id, { message: byId.get(id)!.message, parentId: parent, children, depth, siblingIndex: index });
    children.forEach((child, childIndex) => queue.push({ id: child, parent: id, depth: depth + 1, index: childIndex }));
  }

  return { nodes, childrenOf };
}

/**
 * Cuts every loop in the parent links (a → b → a), in place: the loop's oldest message becomes
 * a root. Each message is visited a bounded number of times, so this stays linear.
 */
function breakCycles(parentOf: Map<string, string>, entry: (id: string) => { order: number; time: number }) {
  // 1 = on the path being walked, 2 = known to reach a root.
  const state = new Map<string, 1 | 2>();
  for (const start of parentOf.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [];
    let current = start;
    while (current !== NO_PARENT && !state.has(current)) {
      state.set(current, 1);
      path.push(current);
      current = parentOf.get(current)!;
    }
    if (current !== NO_PARENT && state.get(current) === 1) {
      const loop = path.slice(path.indexOf(current));
      const oldest = loop.reduce((best, id) => {
        const a = entry(id);
        const b = entry(best);
        return a.time < b.time || (a.time === b.time && a.order < b.order) ? id : best;
      });
      parentOf.set(oldest, NO_PARENT);
    }
    for (const id of path) state.set(id, 2);
  }
}
