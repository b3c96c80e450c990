/**
 * Which messages a fork copies, decided on the conversation's tree skeleton alone (ids,
 * parents, creation order), so it is pure and tested without a database.
 *
 * Depth is counted from the roots: a message whose parent is the all-zeros id, or a parent that
 * is not in the conversation (imported data), is a root at depth 0. Messages on a parent cycle
 * are reachable from no root; they have no depth and are never copied.
 */
import { NO_PARENT } from '../../contract/endpoints';
import type { ForkOption } from '../../contract/fork';

export interface TreeNode {
  messageId: string;
  parentMessageId: string | null;
  createdAt: number;
  /** Insertion order; breaks ties between messages of the same millisecond. */
  seq: number;
}

/** A message to copy, with the parent it has in the fork (NO_PARENT when it becomes a root). */
export interface ForkedNode {
  node: TreeNode;
  parentMessageId: string;
}

export type ForkSelectionProblem = 'target_not_found' | 'target_unreachable' | 'latest_not_after_target';

export class ForkSelectionError extends Error {
  constructor(readonly problem: ForkSelectionProblem) {
    super(problem);
    this.name = 'ForkSelectionError';
  }
}

export interface ForkRequest {
  targetId: string;
  option: ForkOption;
  splitAtTarget: boolean;
  latestMessageId?: string | null | undefined;
}

const byCreation = (a: TreeNode, b: TreeNode) => a.createdAt - b.createdAt || a.seq - b.seq;

/** The skeleton indexed for walking: children in creation order, depths from the roots. */
class Tree {
  readonly byId = new Map<string, TreeNode>();
  readonly children = new Map<string, TreeNode[]>();
  readonly roots: TreeNode[] = [];
  readonly depth = new Map<string, number>();

  constructor(nodes: readonly TreeNode[]) {
    for (const node of nodes) this.byId.set(node.messageId, node);
    for (const node of [...nodes].sort(byCreation)) {
      const parent = this.parentOf(node);
      if (parent === null) {
        this.roots.push(node);
        continue;
      }
      const siblings = this.children.get(parent);
      if (siblings) siblings.push(node);
      else this.children.set(parent, [node]);
    }
    // Breadth first from the roots: every reachable node gets its depth exactly once.
    let level = this.roots;
    for (let depth = 0; level.length > 0; depth += 1) {
      for (const node of level) this.depth.set(node.messageId, depth);
      level = level
        .flatMap((node) => this.children.get(node.messageId) ?? [])
        .filter((child) => !this.depth.has(child.messageId));
    }
  }

  /** The parent id inside this conversation, or null for a root. */
  parentOf(node: TreeNode): string | null {
    const parent = node.parentMessageId;
    return parent === null || parent === NO_PARENT || parent === node.messageId || !this.byId.has(parent)
      ? null
      : parent;
  }

  /** Root → `leafId`; every step goes one level up, so it ends (reachable nodes only). */
  path(leafId: string): TreeNode[] {
    const path: TreeNode[] = [];
    for (let node = this.byId.get(leafId); node;) {
      path.push(node);
      const parent = this.parentOf(node);
      node = parent === null ? undefined : this.byId.get(parent);
    }
    return path.reverse();
  }

  /** The node and its alternatives: the other children of its parent (other roots for a root). */
  siblingsOf(node: TreeNode): TreeNode[] {
    const parent = this.parentOf(node);
    return parent === null ? this.roots : (this.children.get(parent) ?? []);
  }

  /** The most recently created message at or below `id`: where its newest branch ends. */
  newestBelow(id: string): TreeNode | undefined {
    let newest = this.byId.get(id);
    const stack = [...(this.children.get(id) ?? [])];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (newest === undefined || byCreation(newest, node) < 0) newest = node;
      stack.push(...(this.children.get(node.messageId) ?? []));
    }
    return newest;
  }
}

/**
 * The messages a fork copies, parents before children. The option is applied from the roots to
 * a leaf: the target itself, or with `splitAtTarget` the end of the branch the client shows
 * (`latestMessageId`, by default the newest message below the target), which must be the
 * target or below it. `splitAtTarget` then drops everything above the target's depth, and what
 * is left at that depth becomes the new conversation's roots.
 *
 * includeBranches keeps the alternatives of each path message but not what hangs below them,
 * so directPath ⊆ includeBranches ⊆ targetLevel always holds. Unlike LibreChat, alternatives
 * of the first message count as branches too (LibreChat drops them as a side effect of how it
 * finds parents).
 */
export function selectForkMessages(nodes: readonly TreeNode[], request: ForkRequest): ForkedNode[] {
  const tree = new Tree(nodes);
  const target = tree.byId.get(request.targetId);
  if (!target) throw new ForkSelectionError('target_not_found');
  const targetDepth = tree.depth.get(target.messageId);
  if (targetDepth === undefined) throw new ForkSelectionError('target_unreachable');

  const leaf = request.splitAtTarget ? splitLeaf(tree, target, request.latestMessageId) : target;
  const leafDepth = tree.depth.get(leaf.messageId) ?? targetDepth;
  const path = tree.path(leaf.messageId);

  let selected: TreeNode[];
  if (request.option === 'directPath') selected = path;
  else if (request.option === 'includeBranches') selected = path.flatMap((node) => tree.siblingsOf(node));
  else selected = nodes.filter((node) => (tree.depth.get(node.messageId) ?? Number.POSITIVE_INFINITY) <= leafDepth);

  const cut = request.splitAtTarget ? targetDepth : 0;
  const depthOf = (node: TreeNode) => tree.depth.get(node.messageId) ?? 0;
  return [...new Set(selected)]
    .filter((node) => depthOf(node) >= cut)
    .sort((a, b) => depthOf(a) - depthOf(b) || byCreation(a, b))
    .map((node) => ({ node, parentMessageId: depthOf(node) === cut ? NO_PARENT : (tree.parentOf(node) ?? NO_PARENT) }));
}

function splitLeaf(tree: Tree, target: TreeNode, latestMessageId: string | null | undefined): TreeNode {
  const leaf = latestMessageId ? tree.byId.get(latestMessageId) : tree.newestBelow(target.messageId);
  if (!leaf || !tree.depth.has(leaf.messageId) || !tree.path(leaf.messageId).includes(target)) {
    throw new ForkSelectionError('latest_not_after_target');
  }
  return leaf;
}
