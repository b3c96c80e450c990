import type { ImportBudget } from './budget';
import { NodeCollector } from './collector';
import { epochSeconds, isRecord, shortString, type JsonRecord } from './json-values';
import { IMPORT_MAX_TITLE_CHARS } from './limits';
import type { ImportedMessage, ParsedConversation, ParsedFile, SkippedConversation } from './types';

/**
 * ChatGPT's `conversations.json`: an array of conversations, each a `mapping` of node id to
 * `{message, parent, children}`. Every branch (regenerated answers, edited prompts) is kept
 * as siblings. Left out, with their children re-attached above them: the empty root, system
 * and tool messages, messages hidden from the conversation, assistant messages addressed to a
 * tool (`recipient` other than `all`), and messages without text (images only).
 */

export function isChatGptExport(data: unknown): data is unknown[] {
  return Array.isArray(data) && data.some((entry) => isRecord(entry) && isRecord(entry.mapping));
}

function textOf(content: unknown): string {
  if (!isRecord(content)) return '';
  if (Array.isArray(content.parts)) {
    return content.parts.filter((part): part is string => typeof part === 'string').join('\n');
  }
  return typeof content.text === 'string' ? content.text : '';
}

/** The message of a mapping node, or null when the node is to be left out. */
function toMessage(message: JsonRecord): ImportedMessage | null {
  const author = isRecord(message.author) ? message.author : {};
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  const role = author.role;
  if (role !== 'user' && role !== 'assistant') return null;
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  if (typeof message.recipient === 'string' && message.recipient !== 'all') return null;
  const isCreatedByUser = role === 'user';
  return {
    text: textOf(message.content),
    content: null,
    isCreatedByUser,
    sender: isCreatedByUser ? 'User' : 'ChatGPT',
    model: isCreatedByUser ? null : shortString(metadata.model_slug, 200),
    error: false,
    unfinished: false,
    createdAt: epochSeconds(message.create_time),
  };
}

function parseConversation(entry: JsonRecord, mapping: JsonRecord, budget: ImportBudget): ParsedConversation {
  const collector = new NodeCollector(budget);
  // for…in counts as it goes: a mapping of a million keys is refused at the budget's bound.
  for (const key in mapping) {
    const node = mapping[key];
    if (!isRecord(node)) {
      collector.malformed();
      continue;
    }
    const parentKey = typeof node.parent === 'string' ? node.parent : null;
    if (isRecord(node.message)) collector.message(key, parentKey, toMessage(node.message));
    else collector.link(key, parentKey);
  }
  return {
    title: shortString(entry.title, IMPORT_MAX_TITLE_CHARS),
    endpoint: 'openAI',
    model: shortString(entry.default_model_slug, 200),
    createdAt: epochSeconds(entry.create_time),
    updatedAt: epochSeconds(entry.update_time),
    nodes: collector.nodes,
    skippedMessages: collector.skippedMessages,
    tooLongMessages: collector.tooLongMessages,
  };
}

export function parseChatGpt(data: unknown[], budget: ImportBudget): ParsedFile {
  budget.expectConversations(data.length);
  const conversations: ParsedConversation[] = [];
  const skipped: SkippedConversation[] = [];
  data.forEach((entry, index) => {
    budget.countConversation();
    if (!isRecord(entry) || !isRecord(entry.mapping)) {
      skipped.push({ reason: `Conversation ${index + 1} is not a ChatGPT conversation (no "mapping" object).` });
      return;
    }
    conversations.push(parseConversation(entry, entry.mapping, budget));
  });
  return { format: 'chatgpt', conversations, skipped };
}
