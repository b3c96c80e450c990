import type { BranchSelection } from './branch';
import type { MessageTree } from './message-tree';

/**
 * Per-conversation memory of which sibling the user shows under each parent, and of the
 * messages already seen so that a newcomer can be told apart from a reload.
 */
export interface SelectionState {
  conversationKey: string;
  /** Every message id seen in this conversation so far. */
  knownIds: ReadonlySet<string>;
  selection: BranchSelection;
}

export function initialSelectionState(conversationKey: string): SelectionState {
  return { conversationKey, knownIds: new Set(), selection: {} };
}

/**
 * The state for a new tree. A message that was not there before (a regenerated reply, an
 * edited question, a reply arriving) becomes the selected child of its parent, so the user sees
 * what they just asked for even if they had paged to an older sibling; the newest newcomer's
 * ancestors are selected too, so it is on screen wherever it hangs. Messages that appear
 * while none were known (the conversation's first load) select nothing: the latest siblings
 * are shown by default. Another conversation starts afresh. Returns `state` itself when nothing
 * changed, so callers can compare by identity.
 */
export function reconcileSelection(state: SelectionState, tree: MessageTree, conversationKey: string): SelectionState {
  if (conversationKey !== state.conversationKey)
    return reconcileSelection(initialSelectionState(conversationKey), tree, conversationKey);

  // Several newcomers under one parent (a refetch after being offline): the newest wins.
  // Streaming rebuilds the tree per token, so the common "nothing new" case allocates nothing.
  const newestNewcomer = new Map<string, { id: string; siblingIndex: number }>();
  let focus: { id: string; time: number; depth: number } | null = null;
  for (const [id, node] of tree.nodes) {
    if (state.knownIds.has(id)) continue;
    const best = newestNewcomer.get(node.parentId);
    if (!best || node.siblingIndex > best.siblingIndex)
      newestNewcomer.set(node.parentId, { id, siblingIndex: node.siblingIndex });
    const time = arrivalTime(node.message.createdAt);
    if (!focus || time > focus.time || (time === focus.time && node.depth > focus.depth))
      focus = { id, time, depth: node.depth };
  }
  if (newestNewcomer.size === 0) return state;

  const knownIds = new Set(state.knownIds);
  for (const id of tree.nodes.keys()) knownIds.add(id);
  if (state.knownIds.size === 0) return { conversationKey, knownIds, selection: state.selection };

  const selection: Record<string, string> = { ...state.selection };
  for (const [parentId, { id }] of newestNewcomer) selection[parentId] = id;
  for (let node = focus && tree.nodes.get(focus.id); node; node = tree.nodes.get(node.parentId)) {
    selection[node.parentId] = node.message.messageId;
  }
  return { conversationKey, knownIds, selection };
}

/** A message still streaming has no date yet and is the newest of all. */
function arrivalTime(createdAt: string | undefined): number {
  const time = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}
