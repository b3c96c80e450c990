import type { ChatMessage } from '@/shared/conversation/types';
import type { ExportOptions, ExportSource } from './export-types';
import { endpointOptions } from './endpoint-options';
import { allMessages, branchMessages, type NestedMessage, nestedMessages } from './export-messages';

/**
 * LibreChat's own export, the format `POST /api/convos/import` reads back
 * (worker/services/import/parse-librechat.ts): the conversation's id, endpoint and title, the
 * options when asked for, and its messages either flat (`messages`, each naming its
 * `parentMessageId`) or nested (`messagesTree`, replies under `children`).
 */
export interface LibreChatExport {
  conversationId: string;
  endpoint: string | null;
  title: string;
  exportAt: string;
  branches: boolean;
  recursive: boolean;
  options?: Record<string, unknown>;
  messages?: ChatMessage[];
  messagesTree?: NestedMessage[];
}

export function buildJsonExport(source: ExportSource, options: ExportOptions): LibreChatExport {
  const { conversation } = source;
  const data: LibreChatExport = {
    conversationId: conversation.conversationId,
    endpoint: conversation.endpoint,
    title: conversation.title,
    exportAt: source.exportedAt.toISOString(),
    branches: options.exportBranches,
    recursive: options.recursive,
  };
  if (options.includeOptions) data.options = endpointOptions(conversation);
  if (options.recursive) data.messagesTree = nestedMessages(source.messages, options.exportBranches);
  else data.messages = options.exportBranches ? allMessages(source.messages) : branchMessages(source.messages);
  return data;
}

/**
 * The file's text: indented, as LibreChat writes it, except the nested tree. JSON.stringify
 * recurses and overflows the stack a few thousand levels down (a long conversation nests one
 * level per message), and indenting each level would grow the file quadratically; so the tree
 * is written compactly, by an explicit stack.
 */
export function formatJson(source: ExportSource, options: ExportOptions): string {
  const { messagesTree, ...rest } = buildJsonExport(source, options);
  const head = JSON.stringify(rest, null, 2);
  if (!messagesTree) return `${head}\n`;
  // `head` ends with "\n}": the tree goes in as the last field.
  return `${head.slice(0, -2)},\n  "messagesTree": ${stringifyForest(messagesTree)}\n}\n`;
}

/** `JSON.stringify(roots)` without recursion. */
export function stringifyForest(roots: readonly NestedMessage[]): string {
  const out: string[] = ['['];
  // Nodes still to write and the punctuation between them, the next one on top.
  const stack: (NestedMessage | string)[] = [']'];
  const pushAll = (nodes: readonly NestedMessage[]) => {
    for (let index = nodes.length - 1; index >= 0; index--) {
      stack.push(nodes[index]!);
      if (index > 0) stack.push(',');
    }
  };
  pushAll(roots);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const { children, ...fields } = item;
    const own = JSON.stringify(fields);
    out.push(own === '{}' ? '{"children":[' : `${own.slice(0, -1)},"children":[`);
    stack.push(']}');
    pushAll(children);
  }
  return out.join('');
}
