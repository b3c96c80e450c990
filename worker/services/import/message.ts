import { isRecord } from './json-values';
import { IMPORT_MAX_MESSAGE_CHARS } from './limits';
import type { ImportedMessage } from './types';

/**
 * Content part types worth keeping from a LibreChat export. Parts that point at files or
 * images (image_file, image_url) name storage on the server the export came from, which this
 * app cannot reach: they would only render as broken pictures.
 */
const KEPT_PART_TYPES = new Set(['text', 'think', 'tool_call', 'error']);

export function keptContentParts(value: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(value)) return null;
  const parts = value.filter(
    (part): part is Record<string, unknown> =>
      isRecord(part) && typeof part.type === 'string' && KEPT_PART_TYPES.has(part.type),
  );
  return parts.length > 0 ? parts : null;
}

export type MessageVerdict = { kept: ImportedMessage } | { skipped: 'empty' | 'too_long' };

/**
 * The message to store, or why it is left out: nothing to show, or more text than a D1 row
 * holds (truncating would silently change what was said).
 */
export function checkMessage(message: ImportedMessage): MessageVerdict {
  const partsLength = message.content ? JSON.stringify(message.content).length : 0;
  if (message.text.length > IMPORT_MAX_MESSAGE_CHARS || partsLength > IMPORT_MAX_MESSAGE_CHARS)
    return { skipped: 'too_long' };
  if (message.text.trim() === '' && !message.content) return { skipped: 'empty' };
  return { kept: message };
}
