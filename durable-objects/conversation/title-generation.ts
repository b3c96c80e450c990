/**
 * Generating a new conversation's title (for the TitleJob): the title model the send chose
 * (RunSpec.title) is asked for a few words about the first exchange; the answer is cleaned.
 */
import type { TitleSpec } from '../../worker/engine/run-spec';
import { callProvider } from '../../worker/providers/registry';

/** A title is a few words: 40 tokens leave room for a non-Latin script and nothing more. */
export const TITLE_MAX_OUTPUT_TOKENS = 40;
/** The rename limit (100 characters) applies to generated titles too: a longer answer is no title. */
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
  return cleanTitle(raw, instructionOf(template));
}

/** The instruction part of a title prompt: everything but the exchange it is filled with. */
function instructionOf(template: string): string {
  return template.replace('{convo}', '');
}

function clip(text: string): string {
  return text.length > TITLE_INPUT_MAX_CHARS ? `${text.slice(0, TITLE_INPUT_MAX_CHARS)}…` : text;
}

/**
 * The first line, without a `Title:` label, quotes, markdown emphasis or trailing punctuation;
 * null when nothing is left, when it is longer than a title may be (a model rambling, not
 * titling), or when it echoes `instruction`, the prompt that asked for it (a model, or a mock,
 * repeating its input): the conversation then keeps its untitled label.
 */
export function cleanTitle(raw: string, instruction: string = DEFAULT_TITLE_PROMPT): string | null {
  const line = raw.trim().split('\n')[0] ?? '';
  const title = line
    .replace(/^\s*(?:title\s*:\s*)/i, '')
    .replace(/^[\s"'“”‘’«»`*#_]+|[\s"'“”‘’«»`*_.。!！]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title === '' || title.length > TITLE_MAX_CHARS) return null;
  return echoesInstruction(title, instruction) ? null : title;
}

/** Enough of the instruction's opening words to recognise it in an answer. */
const ECHO_MARKER_CHARS = 24;
/** A shorter answer that happens to appear in the instruction ("Title Case") can be a real title. */
const ECHO_MIN_OVERLAP_CHARS = 16;

function echoesInstruction(title: string, instruction: string): boolean {
  const said = normalise(title);
  const asked = normalise(instruction);
  if (asked.length < ECHO_MARKER_CHARS) return asked !== '' && said.includes(asked);
  return (
    said.includes(asked.slice(0, ECHO_MARKER_CHARS)) || (said.length >= ECHO_MIN_OVERLAP_CHARS && asked.includes(said))
  );
}

/** Lower case letters and digits, single-spaced, so quoting or punctuation changes hide no echo. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
