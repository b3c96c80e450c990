import type { ImportBudget } from './budget';
import { NodeCollector } from './collector';
import { isRecord, shortString, type JsonRecord } from './json-values';
import { IMPORT_MAX_TITLE_CHARS } from './limits';
import type { ImportedMessage, ParsedConversation, ParsedFile, SkippedConversation } from './types';

/**
 * chatbot-ui's export: `{version, history: [{id, name, messages: [{role, content}], model?}],
 * folders?, prompts?}`. Each conversation is a single linear chain; folders and prompts have
 * no place here and are ignored. The file has no dates: the import time is used.
 */

export function isChatbotUiExport(data: unknown): data is JsonRecord {
  return isRecord(data) && 'version' in data && Array.isArray(data.history);
}

function modelOf(entry: JsonRecord): { id: string | null; name: string | null } {
  if (isRecord(entry.model)) return { id: shortString(entry.model.id, 200), name: shortString(entry.model.name, 64) };
  return { id: shortString(entry.model, 200), name: null };
}

function toMessage(message: JsonRecord, modelName: string | null): ImportedMessage | null {
  if (message.role !== 'user' && message.role !== 'assistant') return null;
  const isCreatedByUser = message.role === 'user';
  return {
    text: typeof message.content === 'string' ? message.content : '',
    content: null,
    isCreatedByUser,
    sender: isCreatedByUser ? 'User' : (modelName ?? 'AI'),
    model: null,
    error: false,
    unfinished: false,
    createdAt: null,
  };
}

function parseConversation(entry: JsonRecord, messages: unknown[], budget: ImportBudget): ParsedConversation {
  const collector = new NodeCollector(budget);
  const model = modelOf(entry);
  let parentKey: string | null = null;
  for (const message of messages) {
    if (!isRecord(message)) {
      collector.malformed();
      continue;
    }
    const key = collector.syntheticKey();
    collector.message(key, parentKey, toMessage(message, model.name));
    parentKey = key;
  }
  return {
    title: shortString(entry.name, IMPORT_MAX_TITLE_CHARS),
    endpoint: 'openAI',
    model: model.id,
    createdAt: null,
    updatedAt: null,
    nodes: collector.nodes,
    skippedMessages: collector.skippedMessages,
    tooLongMessages: collector.tooLongMessages,
  };
}

export function parseChatbotUi(data: JsonRecord, budget: ImportBudget): ParsedFile {
  const history: unknown[] = Array.isArray(data.history) ? data.history : [];
  budget.expectConversations(history.length);
  const conversations: ParsedConversation[] = [];
  const skipped: SkippedConversation[] = [];
  history.forEach((entry, index) => {
    budget.countConversation();
    if (!isRecord(entry) || !Array.isArray(entry.messages)) {
      skipped.push({ reason: `Conversation ${index + 1} has no "messages" list.` });
      return;
    }
    conversations.push(parseConversation(entry, entry.messages, budget));
  });
  return { format: 'chatbot-ui', conversations, skipped };
}
