/**
 * The words a read-aloud speaks: a message's text parts without the markdown that would be
 * read out as noise, cut into pieces an engine takes in one request.
 */
import type { MessageRow } from '../../db/messages';
import { parseContent } from '../../db/messages';

/** Engines take 4,096 characters at most (OpenAI's limit; the others take as much or more). */
export const MAX_ENGINE_INPUT = 4096;
/** A long text is spoken in pieces of about this many characters, each ending a sentence. */
const PIECE_TARGET = 1000;

/** The message's text parts joined, or its `text` when it has no content parts. */
export function messageText(row: Pick<MessageRow, 'text' | 'content'>): string {
  const parts = parseContent(row.content);
  if (!parts || parts.length === 0) return row.text;
  return parts
    .flatMap((part) => {
      if (part.type !== 'text') return [];
      const value: unknown = part.text;
      if (typeof value === 'string') return [value];
      // LibreChat's older parts keep the text as { value }.
      if (typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string')
        return [value.value];
      return [];
    })
    .join('\n\n');
}

/**
 * Markdown as a listener would want it: code blocks are left out (read aloud, code is noise),
 * links and images keep their words, and emphasis, headings, quotes, list bullets, table bars
 * and inline-code ticks go.
 */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/~~~[\s\S]*?(?:~~~|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,!?:;]|$)/gm, '$1$2')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Sentences and line ends, with what ends them kept on the left. */
const SENTENCE_END = /(?<=[.!?…。！？])\s+|\n+/;

/**
 * The text as pieces for the engine, in order: one piece up to MAX_ENGINE_INPUT characters,
 * else pieces of about PIECE_TARGET characters cut after a sentence (a sentence longer than a
 * piece is cut at a space, and a word longer than that at the limit).
 */
export function splitForSpeech(text: string): string[] {
  if (text.length <= MAX_ENGINE_INPUT) return text === '' ? [] : [text];
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim() !== '') pieces.push(current.trim());
    current = '';
  };
  for (const sentence of text.split(SENTENCE_END)) {
    for (const fragment of cutLong(sentence)) {
      if (current !== '' && current.length + 1 + fragment.length > PIECE_TARGET) flush();
      current = current === '' ? fragment : `${current} ${fragment}`;
    }
  }
  flush();
  return pieces;
}

function cutLong(sentence: string): string[] {
  const fragments: string[] = [];
  let rest = sentence.trim();
  while (rest.length > PIECE_TARGET) {
    const space = rest.lastIndexOf(' ', PIECE_TARGET);
    const cut = space > 0 ? space : PIECE_TARGET;
    fragments.push(rest.slice(0, cut));
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') fragments.push(rest);
  return fragments;
}
