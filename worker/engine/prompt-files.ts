/**
 * Stored files in a reply's prompt: images, and text documents given to the model as context.
 * The send path knows which files a prompt shows (their R2 keys, read with the caller's ownership
 * checked) but not their bytes: those can be megabytes each, and the prompt travels in the
 * RunSpec, which the ConversationDO keeps in its storage. So the prompt names each file by its
 * key, and the object reads the bytes from R2 only when it calls the provider: an image becomes
 * the data URL every provider module takes, a document the text of its first `maxBytes`.
 */
import type { ChatContentPart, ChatMessage } from '../providers/types';

/** An image of the prompt by its R2 key; becomes a data-URL image part before the provider call. */
export interface StoredImagePart {
  type: 'stored_image';
  storageKey: string;
  /** The file's MIME type (image/png, image/jpeg, image/gif or image/webp). */
  mimeType: string;
  detail?: 'low' | 'auto' | 'high';
}

/** A text document of the prompt by its R2 key; becomes a text part (its beginning) before the call. */
export interface StoredDocumentPart {
  type: 'stored_document';
  storageKey: string;
  filename: string;
  /** How much of it is read: the document's budget (the whole file when it is smaller). */
  maxBytes: number;
  /** Whether the file is longer than maxBytes, so the model is told it sees only the beginning. */
  truncated: boolean;
}

export type PromptPart = ChatContentPart | StoredImagePart | StoredDocumentPart;

/** A prompt message: a provider ChatMessage whose files may still be R2 keys. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: string | PromptPart[];
}

/** Reads an object's first `maxBytes` (all of it without), or null when it is gone (deleted since). */
export type ReadStoredBytes = (storageKey: string, maxBytes?: number) => Promise<ArrayBuffer | null>;

/** Bytes as base64, a chunk at a time: spreading megabytes into one call would overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** A fence longer than any run of backticks in `text`, so the document cannot close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  return '`'.repeat(longest + 1);
}

/** How a document is shown to the model: its name, whether it was cut, then its text, fenced. */
export function documentText(part: Pick<StoredDocumentPart, 'filename' | 'truncated'>, text: string): string {
  const fence = fenceFor(text);
  const cut = part.truncated ? ' (only its beginning: the file is longer than its share of the prompt)' : '';
  return `Attached file "${part.filename}"${cut}:\n${fence}\n${text}\n${fence}`;
}

/** A read cut mid-character (at maxBytes) loses that character, not the whole text. */
const decodeLenient = (bytes: ArrayBuffer) =>
  new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes).replace(/\uFFFD$/, '');

type ReadKey = `${'image' | 'document'}:${string}`;
const readKeyOf = (part: StoredImagePart | StoredDocumentPart): ReadKey =>
  part.type === 'stored_image' ? `image:${part.storageKey}` : `document:${part.storageKey}`;

/**
 * The prompt as the providers take it: every stored file read once (a file shown again in a
 * later turn is still one read) and inlined. A file whose object is gone is left out rather than
 * failing the reply.
 */
export async function resolvePromptFiles(
  messages: readonly PromptMessage[],
  read: ReadStoredBytes,
): Promise<ChatMessage[]> {
  const reads = new Map<ReadKey, Promise<ArrayBuffer | null>>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'stored_image' && part.type !== 'stored_document') continue;
      const key = readKeyOf(part);
      if (!reads.has(key))
        reads.set(key, part.type === 'stored_image' ? read(part.storageKey) : read(part.storageKey, part.maxBytes));
    }
  }
  const bytes = new Map<ReadKey, ArrayBuffer | null>();
  await Promise.all([...reads].map(async ([key, pending]) => bytes.set(key, await pending)));

  return messages.map((message) => {
    if (typeof message.content === 'string') return { role: message.role, content: message.content };
    const content: ChatContentPart[] = [];
    for (const part of message.content) {
      if (part.type !== 'stored_image' && part.type !== 'stored_document') {
        content.push(part);
        continue;
      }
      const data = bytes.get(readKeyOf(part));
      if (!data) continue;
      if (part.type === 'stored_document') {
        content.push({ type: 'text', text: documentText(part, decodeLenient(data)) });
        continue;
      }
      content.push({
        type: 'image',
        url: `data:${part.mimeType};base64,${toBase64(new Uint8Array(data))}`,
        mimeType: part.mimeType,
        ...(part.detail ? { detail: part.detail } : {}),
      });
    }
    return { role: message.role, content };
  });
}
