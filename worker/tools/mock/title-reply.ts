/**
 * What the mock answers when there is no `text` behaviour. A title request (the app's title
 * prompt: an instruction about a "title", then the exchange as `User: …` / `AI: …` lines) gets a
 * few words of the user's first message, so each demo chat gets its own short title; anything
 * else is echoed as "You said: …".
 */
import { parseDirectives } from './behaviour';

/** The app's title prompts say "title" and end with the exchange in this shape. */
const TITLE_REQUEST = /\btitle\b[\s\S]*?^User: ([\s\S]*?)\nAI: /im;
const TITLE_WORDS = 5;
const FALLBACK_TITLE = 'Demo Chat';

/** The reply to `rest`, the last user message without its leading directives. */
export function defaultReply(rest: string): string {
  if (rest === '') return 'Hello from the mock provider.';
  return titleReplyFor(rest) ?? `You said: ${rest}`;
}

/** A few words of the first user message when `prompt` asks for a title; otherwise null. */
export function titleReplyFor(prompt: string): string | null {
  const match = TITLE_REQUEST.exec(prompt);
  if (match === null) return null;
  // The user's own directives steer their reply, not its title.
  const words = parseDirectives(match[1] ?? '')
    .rest.replace(/[^\p{L}\p{N}\s'-]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, TITLE_WORDS);
  if (words.length === 0) return FALLBACK_TITLE;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
