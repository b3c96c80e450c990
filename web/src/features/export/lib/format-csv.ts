import type { ChatMessage } from '@/shared/conversation/types';
import type { ExportOptions, ExportSource } from './export-types';
import { allMessages, branchMessages } from './export-messages';

/** LibreChat's csv columns, in its order. */
export const CSV_COLUMNS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const;

/**
 * One field per RFC 4180: quoted when it holds a comma, a quote or a line break, with its quotes
 * doubled; line breaks inside stay as they are, which spreadsheets read back as one cell.
 */
export function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (values: readonly unknown[]) => values.map(csvField).join(',');

/** A header row, then one row per message (all branches, or the current one), CRLF-separated. */
export function formatCsv(source: ExportSource, options: Pick<ExportOptions, 'exportBranches'>): string {
  const messages = options.exportBranches ? allMessages(source.messages) : branchMessages(source.messages);
  const lines = [
    row(CSV_COLUMNS),
    ...messages.map((message: ChatMessage) => row(CSV_COLUMNS.map((column) => message[column]))),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
