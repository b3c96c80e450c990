import { type ChatMessage, NO_PARENT } from '../types';
import { childIds, type MessageTree } from './message-tree';

/** Which child is shown under each parent id (the roots are under NO_PARENT). */
export type BranchSelection = Readonly<Record<string, string>>;

/** One message of the branch on screen, with what its sibling navigation needs. */
export interface BranchEntry {
  message: ChatMessage;
  /** The parent in the tree (NO_PARENT for a root), the key its selection is stored under. */
  parentId: string;
  /** The message's siblings, itself included, oldest first. */
  siblingIds: readonly string[];
  /** 0-based position among siblingIds. */
  siblingIndex: number;
}

/** The child shown under a parent: the selected one if it is still there, else the latest. */
export function selectedChildId(tree: MessageTree, selection: BranchSelection, parentId: string): string | undefined {
  const children = childIds(tree, parentId);
  const chosen = selection[parentId];
  if (chosen !== undefined && children.includes(chosen)) return chosen;
  return children[children.length - 1];
}

/**
 * The conversation as shown: from the root down, one child per parent. Linear in the
 * branch's length; the visited set only matters for a corrupt tree.
 */
export function currentBranch(tree: MessageTree, selection: BranchSelection): BranchEntry[] {
  const branch: BranchEntry[] = [];
  const visited = new Set<string>();
  let parentId = NO_PARENT;
  for (;;) {
    const id = selectedChildId(tree, selection, parentId);
    if (id === undefined || visited.has(id)) return branch;
    const node = tree.nodes.get(id);
    if (!node) return branch;
    visited.add(id);
    const siblingIds = childIds(tree, parentId);
    branch.push({ message: node.message, parentId, siblingIds, siblingIndex: siblingIds.indexOf(id) });
    parentId = id;
  }
}

/** What "‹ n / total ›" shows and allows; n counts from 1. */
export interface SiblingPosition {
  current: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function siblingPosition(siblingIndex: number, siblingCount: number): SiblingPosition {
  return {
    current: siblingIndex + 1,
    total: siblingCount,
    hasPrevious: siblingIndex > 0,
    hasNext: siblingIndex < siblingCount - 1,
  };
}

/** The selection after paging to the sibling `offset` steps away; unchanged at either end. */
export function stepSibling(selection: BranchSelection, entry: BranchEntry, offset: number): BranchSelection {
  const target = entry.siblingIds[entry.siblingIndex + offset];
  if (target === undefined || target === entry.message.messageId) return selection;
  return { ...selection, [entry.parentId]: target };
}
