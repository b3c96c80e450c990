/**
 * Generating a new conversation's title (for the TitleJob): the title model the send chose
 * (RunSpec.title) is asked for a few words about the first exchange; the answer is cleaned.
 */
import type { TitleSpec } from '../../worker/engine/run-spec';
import { callProvider } from '../../worker/providers/registry';

/** A title is a few words: 40 tokens leave room for a non-Latin script and nothing more. */
export const TITLE_MAX_OUTPUT_TOKENS = 40;
/** The rename limit (100 characters) applies to generated titles too. */
export const TITLE_MAX_CHARS = 100;
/** Long messages are cut before they are sent for titling: the gist is at the start. */
const TITLE_INPUT_MAX_CHARS = 2_000;
/** A title that takes longer is not worth waiting for. */
export const TITLE_TIMEOUT_MS = 20_000;

export const DEFAULT_TITLE_PROMPT =
  'Please generate a concise, 5-word-or-less title for the conversation, using its same language, with no punctuation. ' +
  'Apply title case conventions appropriate for the language. Never directly mention the language name or the word "title". ' +
  'Reply with the title only.\n\n{convo}';

/** Asks the title model; the cleaned title, or null when it failed or said nothing usable. */
export async function generateTitle(
  spec: TitleSpec,
  exchange: { userText: string; replyText: string },
): Promise<string | null> {
  const convo = `User: ${clip(exchange.userText)}\nAI: ${clip(exchange.replyText)}`;
  const template = spec.prompt ?? DEFAULT_TITLE_PROMPT;
  const prompt = template.includes('{convo}') ? template.replace('{convo}', () => convo) : `${template}\n\n${convo}`;
  let raw = '';
  for await (const event of callProvider(spec.provider, {
    model: spec.model,
    messages: [{ role: 'user', content: prompt }],
    parameters: { maxOutputTokens: TITLE_MAX_OUTPUT_TOKENS, temperature: 0.2, thinking: false },
    signal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
  })) {
    if (event.type === 'text') raw += event.text;
  }
  return cleanTitle(raw);
}

function clip(text: string): string {
  return text.length > TITLE_INPUT_MAX_CHARS ? `${text.slice(0, TITLE_INPUT_MAX_CHARS)}…` : text;
}

/** The first line, without a `Title:` label, quotes, markdown emphasis or trailing punctuation. */
export function cleanTitle(raw: string): string | null {
  const line = raw.trim().split('\n')[0] ?? '';
  const title = line
    .replace(/^\s*(?:title\s*:\s*)/i, '')
    .replace(/^[\s"'“”‘’«»`*#_]+|[\s"'“”‘’«»`*_.。!！]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title === '') return null;
  return title.length > TITLE_MAX_CHARS ? title.slice(0, TITLE_MAX_CHARS).trimEnd() : title;
}
