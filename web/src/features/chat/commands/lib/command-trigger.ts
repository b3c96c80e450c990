/** A command being typed at the end of the composer's text: where its character is and what follows. */
export interface CommandTrigger {
  /** Index of the command character (`@` or `/`) in the text. */
  start: number;
  /** What was typed after it, up to the end of the text. */
  query: string;
}

/**
 * `/` counts only as the first character of the message: elsewhere it is a path or a fraction.
 * A line break ends a command, so a multi-line message never opens the list.
 */
export function slashTrigger(text: string): CommandTrigger | null {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  return { start: 0, query: text.slice(1) };
}

/** `+` (add a second model to the turn) counts only as the first character, like `/`. */
export function plusTrigger(text: string): CommandTrigger | null {
  if (!text.startsWith('+') || text.includes('\n')) return null;
  return { start: 0, query: text.slice(1) };
}

/**
 * `@` counts at the start of the message or after a space, never inside a word (an email
 * address). The last such `@` is the one being typed.
 */
export function mentionTrigger(text: string): CommandTrigger | null {
  const start = text.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(text.charAt(start - 1))) return null;
  const query = text.slice(start + 1);
  if (query.includes('\n')) return null;
  return { start, query };
}

/**
 * Whether the list shows. A query with a space may just be the message going on ("@ 5pm"):
 * the list stays only while something still matches. A single word shows even with no match,
 * so the user sees the command was recognised.
 */
export const showsCommandList = (query: string, matches: number): boolean => matches > 0 || !/\s/.test(query);
