import type { ExportOptions, ExportSource } from './export-types';
import { endpointOptions, optionValue } from './endpoint-options';
import { branchMessages } from './export-messages';
import { messageText, type TextStyle } from './message-text';

/**
 * The text (.txt) and markdown (.md) exports, laid out as LibreChat's: a header naming the
 * conversation, the endpoint options when asked for, then the current branch's messages. Both
 * formats always follow one branch: a document reads top to bottom.
 */

const UNDERLINE = '########################';

function heading(title: string, style: TextStyle, level: 1 | 2): string {
  if (style === 'markdown') return `${'#'.repeat(level)} ${title}\n`;
  return `${title}\n${UNDERLINE}\n`;
}

const item = (key: string, value: string, style: TextStyle) =>
  style === 'markdown' ? `- ${key}: ${value}\n` : `${key}: ${value}\n`;
const note = (text: string, style: TextStyle) => (style === 'markdown' ? `*(${text})*\n` : `(${text})\n`);

export function formatDocument(
  source: ExportSource,
  options: Pick<ExportOptions, 'includeOptions'>,
  style: TextStyle,
): string {
  const { conversation } = source;
  let data = heading('Conversation', style, 1);
  data += item('conversationId', conversation.conversationId, style);
  data += item('endpoint', conversation.endpoint ?? '', style);
  data += item('title', conversation.title, style);
  data += item('exportAt', source.exportedAt.toISOString(), style);

  if (options.includeOptions) {
    data += `\n${heading('Options', style, 2)}`;
    for (const [key, value] of Object.entries(endpointOptions(conversation)))
      data += item(key, optionValue(value), style);
  }

  data += `\n${heading('History', style, 2)}`;
  for (const message of branchMessages(source.messages)) {
    data += `${messageText(message, style)}\n`;
    if (message.error) data += note('This is an error message', style);
    if (message.unfinished) data += note('This is an unfinished message', style);
    data += '\n\n';
  }
  return data;
}

export const formatText = (source: ExportSource, options: Pick<ExportOptions, 'includeOptions'>) =>
  formatDocument(source, options, 'text');
export const formatMarkdown = (source: ExportSource, options: Pick<ExportOptions, 'includeOptions'>) =>
  formatDocument(source, options, 'markdown');
