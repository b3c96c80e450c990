/**
 * Shapes a conversation for the providers that insist on strictly alternating turns starting
 * with the user (Anthropic, Bedrock Converse; Gemini is happier with it too). The DO's context
 * can legitimately hold two user messages in a row (an edit, a reply that failed) or start with
 * an assistant greeting, so that is repaired here rather than rejected by the provider.
 */
import type { ChatContentPart, ReplyPart, RequestMessage, ToolResultPart } from './types';

export type TurnPart = ChatContentPart | ReplyPart | ToolResultPart;

export interface Turn {
  role: 'user' | 'assistant';
  parts: TurnPart[];
}

/**
 * Empty and whitespace-only text parts are dropped (the APIs refuse them), messages left empty
 * are dropped, consecutive messages of one role are merged, and leading assistant messages are
 * dropped because the first turn must be the user's. Tool results become a user turn that opens
 * with them (Anthropic requires the results first); results with no assistant turn before them
 * answer nothing and are dropped like it. May return [] when no user text remains.
 */
export function toAlternatingTurns(messages: readonly RequestMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    const role = message.role === 'tool' ? 'user' : message.role;
    const parts = partsOf(message).filter((part) => part.type !== 'text' || part.text.trim() !== '');
    if (parts.length === 0) continue;
    const last = turns.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else if (last !== undefined || message.role === 'user') turns.push({ role, parts: [...parts] });
  }
  return turns;
}

function partsOf(message: RequestMessage): TurnPart[] {
  if (message.role === 'tool') return message.results;
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

export interface InlineImage {
  mimeType: string;
  /** Base64, as it was in the data URL. */
  data: string;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[^,;]+=[^,;]*)*;base64,([a-z0-9+/=\s]*)$/i;

/** The media type and base64 bytes of a `data:…;base64,` URL, or undefined for anything else. */
export function parseDataUrl(url: string): InlineImage | undefined {
  const match = DATA_URL.exec(url);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { mimeType: match[1].toLowerCase(), data: match[2].replace(/\s+/g, '') };
}
