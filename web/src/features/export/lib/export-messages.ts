import { currentBranch } from '@/shared/conversation/tree/branch';
import { buildMessageTree, childIds, type MessageTree } from '@/shared/conversation/tree/message-tree';
import { type ChatMessage, NO_PARENT } from '@/shared/conversation/types';

/**
 * Which messages an export holds and in what order, from the conversation's message tree
 * (shared/conversation/tree). The "current branch" is the one a fresh page shows: the newest
 * version under each message, as LibreChat exports it. All branches are walked depth first,
 * parents before children, older versions first; walks use explicit stacks so a long chain
 * cannot overflow the call stack.
 */

/** A message with its replies nested, the shape of LibreChat's `messagesTree`. */
export type NestedMessage = ChatMessage & { children: NestedMessage[] };

/** The current branch, root first. */
export function branchMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return currentBranch(buildMessageTree(messages), {}).map((entry) => entry.message);
}

/** Every message, depth first in tree order. */
export function allMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const tree = buildMessageTree(messages);
  const ordered: ChatMessage[] = [];
  const stack = [...childIds(tree, NO_PARENT)].reverse();
  while (stack.length > 0) {
    const node = tree.nodes.get(stack.pop()!);
    if (!node) continue;
    ordered.push(node.message);
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
  }
  return ordered;
}

/** The roots with their replies nested: all of them, or only the current branch. */
export function nestedMessages(messages: readonly ChatMessage[], branches: boolean): NestedMessage[] {
  const tree = buildMessageTree(messages);
  const kept = branches ? null : new Set(branchMessages(messages).map((message) => message.messageId));
  const roots: NestedMessage[] = [];
  const stack: { id: string; into: NestedMessage[] }[] = keptChildren(tree, NO_PARENT, kept)
    .map((id) => ({ id, into: roots }))
    .reverse();
  while (stack.length > 0) {
    const { id, into } = stack.pop()!;
    const node = tree.nodes.get(id);
    if (!node) continue;
    const nested: NestedMessage = { ...node.message, children: [] };
    into.push(nested);
    const children = keptChildren(tree, id, kept);
    for (let index = children.length - 1; index >= 0; index--)
      stack.push({ id: children[index]!, into: nested.children });
  }
  return roots;
}

function keptChildren(tree: MessageTree, parentId: string, kept: ReadonlySet<string> | null): readonly string[] {
  const children = childIds(tree, parentId);
  return kept ? children.filter((id) => kept.has(id)) : children;
}
