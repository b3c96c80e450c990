import { NO_PARENT } from '../../contract/endpoints';
import type { ImportBudget } from './budget';
import { NodeCollector } from './collector';
import { isoDate, isRecord, shortString, stringOr, type JsonRecord } from './json-values';
import { IMPORT_MAX_TITLE_CHARS } from './limits';
import { keptContentParts } from './message';
import type { ImportedMessage, ParsedConversation, ParsedFile } from './types';

/**
 * LibreChat's own export: one conversation, `{conversationId, title, endpoint, options?,
 * messages}`. `messages` is either flat (each message names its `parentMessageId`) or, when
 * exported with `recursive: true` (or in the older `messagesTree` field), a forest whose
 * nodes carry their replies in `children`. In a tree the nesting decides the parent, whatever
 * `parentMessageId` says. Walked with an explicit stack: nesting depth costs no call stack.
 */

export function isLibreChatExport(data: unknown): data is JsonRecord {
  return (
    isRecord(data) && 'conversationId' in data && (Array.isArray(data.messages) || Array.isArray(data.messagesTree))
  );
}

function toMessage(entry: JsonRecord): ImportedMessage {
  const isCreatedByUser = entry.isCreatedByUser === true;
  return {
    text: stringOr(entry.text, ''),
    content: keptContentParts(entry.content),
    isCreatedByUser,
    sender: shortString(entry.sender, 64) ?? (isCreatedByUser ? 'User' : 'AI'),
    model: shortString(entry.model, 200),
    error: entry.error === true,
    unfinished: entry.unfinished === true,
    createdAt: isoDate(entry.createdAt),
  };
}

function ownKey(entry: JsonRecord, collector: NodeCollector, seen: Set<string>): string {
  const id = shortString(entry.messageId, 200);
  if (id === null || seen.has(id)) return collector.syntheticKey();
  seen.add(id);
  return id;
}

function fileParentKey(entry: JsonRecord): string | null {
  const parent = shortString(entry.parentMessageId, 200);
  return parent === null || parent === NO_PARENT ? null : parent;
}

export function parseLibreChat(data: JsonRecord, budget: ImportBudget): ParsedFile {
  budget.countConversation();
  const collector = new NodeCollector(budget);
  const tree = Array.isArray(data.messagesTree) ? data.messagesTree : data.messages;
  const roots: unknown[] = Array.isArray(tree) ? tree : [];
  const nested =
    data.recursive === true ||
    Array.isArray(data.messagesTree) ||
    roots.some((entry) => isRecord(entry) && Array.isArray(entry.children));
  const seen = new Set<string>();

  // [entry, parent key decided by nesting]; popped in file order.
  const stack: [unknown, string | null][] = roots.map((entry): [unknown, string | null] => [entry, null]).reverse();
  while (stack.length > 0) {
    const [entry, nestedParent] = stack.pop() ?? [null, null];
    if (!isRecord(entry)) {
      collector.malformed();
      continue;
    }
    const key = ownKey(entry, collector, seen);
    collector.message(key, nested ? nestedParent : fileParentKey(entry), toMessage(entry));
    if (nested && Array.isArray(entry.children)) {
      for (let index = entry.children.length - 1; index >= 0; index--) stack.push([entry.children[index], key]);
    }
  }

  const options = isRecord(data.options) ? data.options : {};
  const conversation: ParsedConversation = {
    title: shortString(data.title, IMPORT_MAX_TITLE_CHARS),
    endpoint: shortString(data.endpoint, 64) ?? shortString(options.endpoint, 64) ?? 'openAI',
    model: shortString(options.model, 200) ?? shortString(data.model, 200),
    createdAt: isoDate(data.createdAt) ?? isoDate(options.createdAt),
    updatedAt: isoDate(data.updatedAt) ?? isoDate(options.updatedAt),
    nodes: collector.nodes,
    skippedMessages: collector.skippedMessages,
    tooLongMessages: collector.tooLongMessages,
  };
  return { format: 'librechat', conversations: [conversation], skipped: [] };
}
