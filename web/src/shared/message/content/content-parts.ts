import type { MessageFile, WireContentPart } from '@/shared/conversation/types';
import { isRecord } from '../errors/extract-json';
import { type CitationSource, readSources } from './citations';

/**
 * A reply's content parts (text, thinking, tool calls, images, errors) read into
 * what the screen draws. Parts come from storage and from the stream, written by several
 * LibreChat-era producers, so every field is checked rather than trusted: text may be a string
 * or `{value}`, a tool call may be an agent call or an assistants-style function, code
 * interpreter or file search.
 */
export type ContentView =
  /** `sources`: the pages of the latest search call before the text, which its [n] markers cite. */
  | { kind: 'text'; text: string; sources?: CitationSource[] }
  | { kind: 'think'; text: string }
  | { kind: 'tool_call'; call: ToolCallView }
  | {
      kind: 'image';
      url: string;
      alt: string | null;
      width: number | null;
      height: number | null;
      /** A stored file of this app (a tool's image): loaded with the user's token, opened full size. */
      file?: MessageFile;
    }
  | { kind: 'error'; text: string }
  /** Another agent of a chain takes over from here. */
  | { kind: 'agent_update'; agentId: string };

export interface ToolCallView {
  id: string | null;
  name: string;
  /** The arguments as shown: the raw string, or the object as indented JSON. */
  args: string;
  output: string | null;
  progress: number | null;
  /** A sign-in URL the call waits on. */
  auth: string | null;
  /** The pages a web search call found, in their citation order. */
  sources: CitationSource[];
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** `"text"` or `{ value: "text" }`. */
const textValue = (value: unknown): string | null => str(value) ?? (isRecord(value) ? str(value.value) : null);

const asDisplayString = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
};

/**
 * An image source that is safe and meaningful in `<img src>`: web and blob URLs, inline
 * raster or vector data, and paths on this origin (uploads are served under /images, /api).
 */
export function safeImageUrl(value: string | null): string | null {
  if (!value) return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return url;
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:' || protocol === 'blob:' ? url : null;
  } catch {
    return null;
  }
}

function readToolCall(raw: Record<string, unknown>): ToolCallView {
  const kind = str(raw.type);
  const common = {
    id: str(raw.id),
    progress: num(raw.progress),
    auth: str(raw.auth),
    sources: readSources(raw.sources),
  };
  if (kind === 'function' && isRecord(raw.function)) {
    const fn = raw.function;
    return { ...common, name: str(fn.name) ?? 'function', args: asDisplayString(fn.arguments), output: str(fn.output) };
  }
  if (kind === 'code_interpreter' && isRecord(raw.code_interpreter)) {
    const code = raw.code_interpreter;
    const logs = Array.isArray(code.outputs)
      ? code.outputs.flatMap((output: unknown) =>
          isRecord(output) && typeof output.logs === 'string' ? [output.logs] : [],
        )
      : [];
    return {
      ...common,
      name: 'code_interpreter',
      args: asDisplayString(code.input),
      output: logs.length > 0 ? logs.join('\n') : null,
    };
  }
  if (kind === 'file_search' || kind === 'retrieval') {
    return { ...common, name: kind, args: '', output: str(raw.output) };
  }
  return {
    ...common,
    name: str(raw.name) ?? 'tool',
    args: asDisplayString(raw.args),
    output: raw.output === undefined || raw.output === null ? null : asDisplayString(raw.output),
  };
}

function readImage(source: unknown, fallbackAlt: string | null): ContentView | null {
  const record = isRecord(source) ? source : null;
  const url = safeImageUrl(str(source) ?? str(record?.url) ?? str(record?.filepath));
  if (!url) return null;
  const view = {
    kind: 'image' as const,
    url,
    alt: str(record?.filename) ?? fallbackAlt,
    width: num(record?.width),
    height: num(record?.height),
  };
  const fileId = str(record?.file_id);
  // This app's own file links need the user's token, which a plain <img> cannot send.
  if (!fileId || !url.startsWith('/api/files/')) return view;
  const file: MessageFile = {
    file_id: fileId,
    filepath: url,
    type: str(record?.type) ?? 'image/png',
    ...(view.alt ? { filename: view.alt } : {}),
    ...(view.width && view.height ? { width: view.width, height: view.height } : {}),
  };
  return { ...view, file };
}

/**
 * The images tools attached to their calls (LibreChat's `attachment` frames, on the reply as
 * `attachments`), each right after its call, unless the content already shows it as an
 * `image_file` part: while a reply streams only the frames have them, once saved the parts do.
 */
export function withToolAttachments(views: readonly ContentView[], attachments: unknown): ContentView[] {
  if (!Array.isArray(attachments) || attachments.length === 0) return [...views];
  const shown = new Set(views.flatMap((view) => (view.kind === 'image' && view.file ? [view.file.file_id] : [])));
  const result: ContentView[] = [];
  for (const view of views) {
    result.push(view);
    if (view.kind !== 'tool_call' || !view.call.id) continue;
    for (const attachment of attachments) {
      if (!isRecord(attachment) || attachment.toolCallId !== view.call.id) continue;
      if (!str(attachment.type)?.startsWith('image/') || shown.has(str(attachment.file_id) ?? '')) continue;
      const image = readImage(attachment, null);
      if (image) result.push(image);
    }
  }
  return result;
}

/** One part as drawn, or null for parts with nothing to show (holes, unknowns). */
export function readContentPart(part: WireContentPart | null | undefined): ContentView | null {
  if (!isRecord(part)) return null;
  switch (part.type) {
    case 'text':
    case 'text_delta': {
      const text = textValue(part.text);
      return text ? { kind: 'text', text } : null;
    }
    case 'think': {
      const text = textValue(part.think);
      return text ? { kind: 'think', text } : null;
    }
    case 'tool_call':
      return isRecord(part.tool_call) ? { kind: 'tool_call', call: readToolCall(part.tool_call) } : null;
    case 'image_url':
      return readImage(part.image_url, null);
    case 'image_file':
      return readImage(isRecord(part.image_file) ? part.image_file : part, null);
    case 'error': {
      const text = textValue(part.error) ?? textValue(part.text);
      return text ? { kind: 'error', text } : null;
    }
    case 'agent_update': {
      const agentId = isRecord(part.agent_update) ? str(part.agent_update.agentId) : null;
      return agentId ? { kind: 'agent_update', agentId } : null;
    }
    default:
      return null;
  }
}

/** The parts worth drawing, in order; an empty list means the plain `text` should be shown. */
export function readContentParts(
  content: readonly (WireContentPart | null | undefined)[] | null | undefined,
): ContentView[] {
  if (!content) return [];
  const views: ContentView[] = [];
  let sources: CitationSource[] = [];
  // Streamed content can be sparse (parts arrive by index): holes read as undefined here.
  for (const part of content) {
    const view = readContentPart(part);
    if (view?.kind === 'tool_call' && view.call.sources.length > 0) sources = view.call.sources;
    if (view?.kind === 'text' && sources.length > 0) views.push({ ...view, sources });
    else if (view) views.push(view);
  }
  return views;
}

/** What "copy" copies from a reply: its text parts, or the plain text when it has none. */
export function copyableText(
  text: string,
  content: readonly (WireContentPart | null | undefined)[] | null | undefined,
): string {
  if (text.trim() !== '') return text;
  return readContentParts(content)
    .flatMap((view) => (view.kind === 'text' ? [view.text] : []))
    .join('\n\n');
}
