/**
 * What the format parsers produce: every format is reduced to conversations holding a flat
 * list of message nodes linked by the file's own ids. The tree normaliser turns the links into
 * a valid tree with fresh ids; nothing here is trusted yet beyond its type.
 */

export type ImportFormat = 'librechat' | 'chatgpt' | 'chatbot-ui';

export interface ImportedMessage {
  text: string;
  /** Content parts kept from a LibreChat export (text, think, tool_call, error), else null. */
  content: Record<string, unknown>[] | null;
  isCreatedByUser: boolean;
  sender: string;
  model: string | null;
  error: boolean;
  unfinished: boolean;
  /** Epoch milliseconds, or null when the file gives none (the parent's date is used). */
  createdAt: number | null;
}

export interface MessageNode {
  /** The file's id for this message; unique within its conversation after parsing. */
  key: string;
  /** The file's id of the parent, or null for a root. May name a missing node or a cycle. */
  parentKey: string | null;
  /**
   * The message to keep, or null for a node that only links others (ChatGPT's system and
   * hidden nodes, empty messages): its children are attached to its nearest kept ancestor.
   */
  message: ImportedMessage | null;
}

export interface ParsedConversation {
  title: string | null;
  endpoint: string;
  model: string | null;
  createdAt: number | null;
  updatedAt: number | null;
  nodes: MessageNode[];
  /** Message entries of the file left out (hidden, system, empty, too long, malformed). */
  skippedMessages: number;
  /** Of those, the ones left out for being longer than a stored message may be. */
  tooLongMessages: number;
}

/** A conversation of the file that was left out, and why. */
export interface SkippedConversation {
  reason: string;
}

export interface ParsedFile {
  format: ImportFormat;
  conversations: ParsedConversation[];
  skipped: SkippedConversation[];
}
