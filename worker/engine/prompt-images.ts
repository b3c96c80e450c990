/**
 * Images in a reply's prompt. The send path knows which stored files a prompt shows (their R2
 * keys, read with the caller's ownership checked) but not their bytes: those can be megabytes
 * each, and the prompt travels in the RunSpec, which the ConversationDO keeps in its storage. So
 * the prompt names each image by its key, and the object reads the bytes from R2 only when it
 * calls the provider, turning each into the data URL every provider module takes.
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

export type PromptPart = ChatContentPart | StoredImagePart;

/** A prompt message: a provider ChatMessage whose images may still be R2 keys. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: string | PromptPart[];
}

/** Reads an object's bytes, or null when it is gone (the file was deleted since). */
export type ReadStoredBytes = (storageKey: string) => Promise<ArrayBuffer | null>;

/** Bytes as base64, a chunk at a time: spreading megabytes into one call would overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/**
 * The prompt as the providers take it: every stored image read once (an image sent again in a
 * later turn is still one read) and inlined as a data URL. An image whose object is gone is left
 * out rather than failing the reply.
 */
export async function resolvePromptImages(
  messages: readonly PromptMessage[],
  read: ReadStoredBytes,
): Promise<ChatMessage[]> {
  const keys = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'stored_image') keys.add(part.storageKey);
  }
  const bytes = new Map<string, ArrayBuffer | null>();
  await Promise.all([...keys].map(async (key) => bytes.set(key, await read(key))));

  return messages.map((message) => {
    if (typeof message.content === 'string') return { role: message.role, content: message.content };
    const content: ChatContentPart[] = [];
    for (const part of message.content) {
      if (part.type !== 'stored_image') {
        content.push(part);
        continue;
      }
      const data = bytes.get(part.storageKey);
      if (!data) continue;
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
