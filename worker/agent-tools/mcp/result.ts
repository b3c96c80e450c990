/**
 * A `tools/call` result as the model reads it: text parts joined, binary content handed to the
 * caller as attachments with a line saying so, resources by their text or address.
 */
import { isRecord } from './jsonrpc';
import { McpError, type McpAttachment, type McpCallResult } from './types';

/** Between two text parts, so each stays its own paragraph. */
const PART_SEPARATOR = '\n\n';

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** About how many bytes a base64 string decodes to, for the summary line. */
function decodedSize(base64: string): number {
  return Math.floor((base64.replace(/=+$/, '').length * 3) / 4);
}

function binary(kind: McpAttachment['kind'], part: Record<string, unknown>, uri?: string): McpAttachment | undefined {
  const data = str(part.data) ?? str(part.blob);
  if (data === undefined) return undefined;
  const attachment: McpAttachment = { kind, mimeType: str(part.mimeType) ?? 'application/octet-stream', data };
  if (uri !== undefined) attachment.uri = uri;
  return attachment;
}

function summary(attachment: McpAttachment): string {
  const where = attachment.uri ? ` ${attachment.uri}` : '';
  return `[${attachment.kind}${where} (${attachment.mimeType}, ${decodedSize(attachment.data)} bytes) attached]`;
}

/** One content part: its text for the model, and an attachment when it carries bytes. */
function readPart(part: unknown): { text?: string; attachment?: McpAttachment } {
  if (!isRecord(part)) return {};
  switch (part.type) {
    case 'text':
      return { text: str(part.text) ?? '' };
    case 'image':
    case 'audio': {
      const attachment = binary(part.type, part);
      return attachment ? { text: summary(attachment), attachment } : {};
    }
    case 'resource': {
      const resource = isRecord(part.resource) ? part.resource : {};
      const uri = str(resource.uri);
      const text = str(resource.text);
      if (text !== undefined) return { text: uri ? `Resource ${uri}:\n${text}` : text };
      const attachment = binary('resource', resource, uri);
      return attachment ? { text: summary(attachment), attachment } : {};
    }
    case 'resource_link': {
      const name = str(part.name);
      const uri = str(part.uri) ?? '';
      return { text: `Resource link: ${name ? `${name} ` : ''}${uri}`.trim() };
    }
    default:
      return { text: `[content of type "${String(part.type)}" left out]` };
  }
}

/** Maps a `tools/call` result; throws a protocol McpError when it is not one. */
export function toCallResult(result: unknown): McpCallResult {
  if (!isRecord(result)) throw new McpError('protocol', 'the tool result is not an object');
  const content = Array.isArray(result.content) ? result.content : [];
  const texts: string[] = [];
  const attachments: McpAttachment[] = [];
  for (const part of content) {
    const read = readPart(part);
    if (read.text !== undefined && read.text !== '') texts.push(read.text);
    if (read.attachment) attachments.push(read.attachment);
  }
  // Structured output stands in for text when a tool sends only that.
  if (texts.length === 0 && result.structuredContent !== undefined)
    texts.push(JSON.stringify(result.structuredContent));
  const isError = result.isError === true;
  const text = texts.join(PART_SEPARATOR) || (isError ? 'The tool failed without saying why.' : '(no output)');
  return { text, isError, attachments };
}

/** A failed call as a result the model can read, so a broken server never breaks the run. */
export function errorResult(error: McpError): McpCallResult {
  return { text: error.message, isError: true, errorKind: error.kind, attachments: [] };
}
