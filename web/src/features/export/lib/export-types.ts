import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import type { ChatMessage } from '@/shared/conversation/types';

/** The formats of the export dialog, as LibreChat names them. */
export const EXPORT_TYPES = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_EXTENSIONS: Readonly<Record<ExportType, string>> = {
  screenshot: 'png',
  text: 'txt',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
};

export interface ExportOptions {
  /** Add the conversation's endpoint settings (text, markdown, json). */
  includeOptions: boolean;
  /** Every branch rather than the current one (json, csv). */
  exportBranches: boolean;
  /** json only: messages nested under their parents (`messagesTree`) rather than a flat list. */
  recursive: boolean;
}

/** What every format is built from. */
export interface ExportSource {
  conversation: ChatConversation;
  /** The conversation's messages, flat, as `GET /api/messages/{id}` answers. */
  messages: readonly ChatMessage[];
  /** When the export was made; a parameter so the output is reproducible in tests. */
  exportedAt: Date;
}

/** Which options apply to a type (LibreChat's ExportModal): the rest are shown as not supported. */
export function supportedOptions(type: ExportType): {
  includeOptions: boolean;
  exportBranches: boolean;
  recursive: boolean;
} {
  return {
    includeOptions: type !== 'csv' && type !== 'screenshot',
    exportBranches: type === 'json' || type === 'csv',
    recursive: type === 'json',
  };
}

/** The options a type starts with when it is picked (LibreChat: branches on where supported). */
export function defaultOptions(type: ExportType): ExportOptions {
  const supported = supportedOptions(type);
  return { includeOptions: supported.includeOptions, exportBranches: supported.exportBranches, recursive: true };
}
