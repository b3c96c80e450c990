import { useCallback, useMemo, useState } from 'react';
import type { ChatMessage } from '../types';
import { type BranchEntry, currentBranch, stepSibling } from './branch';
import { initialSelectionState, reconcileSelection } from './branch-selection';
import { buildMessageTree, type MessageTree } from './message-tree';

export interface BranchSelectionResult {
  tree: MessageTree;
  /** The messages on screen, root first. */
  branch: BranchEntry[];
  /** Pages the entry's parent to the sibling `offset` steps away (-1 previous, +1 next). */
  stepSibling: (entry: BranchEntry, offset: number) => void;
}

/**
 * The tree of `messages` and the branch shown, remembering the user's sibling choices per
 * parent for this conversation and switching to a message as soon as it arrives.
 */
export function useBranchSelection(messages: readonly ChatMessage[], conversationKey: string): BranchSelectionResult {
  const tree = useMemo(() => buildMessageTree(messages), [messages]);
  const [state, setState] = useState(() =>
    reconcileSelection(initialSelectionState(conversationKey), tree, conversationKey),
  );

  // Adjusted during render rather than in an effect, so a newcomer is never drawn on the old
  // branch for one frame. Stable once nothing new arrives, so this cannot loop.
  const current = reconcileSelection(state, tree, conversationKey);
  if (current !== state) setState(current);

  const selection = current.selection;
  const branch = useMemo(() => currentBranch(tree, selection), [tree, selection]);
  const step = useCallback((entry: BranchEntry, offset: number) => {
    setState((previous) => ({ ...previous, selection: stepSibling(previous.selection, entry, offset) }));
  }, []);

  return { tree, branch, stepSibling: step };
}
