/**
 * How the mock provider answers, set per server (options / setOptions) and per request by
 * directives at the start of the last user message, so a test driving the real UI can steer it:
 *
 *   [mock:fail=401] hello          → 401 invalid_api_key (also 429, 400, 500)
 *   [mock:delay=50][mock:chunks=20] → 20 content chunks, 50 ms apart
 *   [mock:drop-after=3]            → the connection drops after 3 content chunks
 *   [mock:text=Exactly this]       → the reply text (a value ends at the first "]")
 *   [mock:reasoning=Thinking…]     → reasoning before the reply (OpenAI `reasoning_content`,
 *                                    Anthropic thinking blocks, Gemini thought parts, Bedrock reasoningContent)
 *   [mock:error-after=2]           → Anthropic, Google, Bedrock: after 2 content chunks the provider's
 *                                    own mid-stream error (error event, error chunk, exception frame)
 *   [mock:block=reply]             → Anthropic, Google, Bedrock: the reply ends blocked by the provider's
 *                                    content filter; block=prompt: Google refuses the prompt itself
 *   [mock:vision=off]              → OpenAI: a model without vision, refusing a prompt with images (400)
 *   [mock:tool=calc:{"input":"1"}] → a turn of tool calls instead of a reply, in all four formats
 *                                    (with tool-rounds and tool-split: see ./tool-script.ts)
 *
 * Images in the last user message (OpenAI `image_url` parts) are described at the start of the
 * default reply — how many, their media types and byte lengths — so a test can tell they arrived.
 */

export const FAILURE_STATUSES = [400, 401, 429, 500] as const;
export type FailureStatus = (typeof FAILURE_STATUSES)[number];

export interface MockBehaviour {
  /** The reply. Default: echoes the last user message ("You said: …"), or for a title request a few of its words. */
  text?: string;
  /** Split the reply into this many content chunks (default: about 4 characters each). */
  chunks?: number;
  /** Characters per content chunk; ignored when `chunks` is set. */
  chunkSize?: number;
  /** Pause before each chunk after the first, in milliseconds (non-streaming: before answering). */
  delayMs?: number;
  /** Answer with this HTTP error, in OpenAI's error shape. */
  fail?: FailureStatus;
  /** Streaming only: destroy the connection after this many content chunks. */
  dropAfter?: number;
  /** Send this text as `reasoning_content` deltas (a think part) before the reply. */
  reasoning?: string;
  /** Anthropic, Google, Bedrock: fail inside the stream, in the provider's shape, after this many content chunks. */
  errorAfter?: number;
  /** Anthropic, Google, Bedrock: end the reply with the provider's content-filter stop (`prompt`: Google's prompt block). */
  block?: BlockKind;
  /** OpenAI: false for a model that refuses images (default: it sees them). */
  vision?: boolean;
}

export const BLOCK_KINDS = ['reply', 'prompt'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const DEFAULT_CHUNK_SIZE = 4;
const DIRECTIVE = /^\s*\[mock:([a-z-]+)=([^\]]*)\]/;

export interface ParsedDirectives {
  behaviour: MockBehaviour;
  /** The message without its leading directives, trimmed. */
  rest: string;
  /** Directives that were not understood, e.g. "fail=418". */
  unknown: string[];
}

/** Reads the `[mock:key=value]` directives at the start of `message`. */
export function parseDirectives(message: string): ParsedDirectives {
  const behaviour: MockBehaviour = {};
  const unknown: string[] = [];
  let rest = message;
  for (let match = DIRECTIVE.exec(rest); match !== null; match = DIRECTIVE.exec(rest)) {
    const [whole, key = '', value = ''] = match;
    if (!applyDirective(behaviour, key, value)) unknown.push(`${key}=${value}`);
    rest = rest.slice(whole.length);
  }
  return { behaviour, rest: rest.trim(), unknown };
}

function applyDirective(behaviour: MockBehaviour, key: string, value: string): boolean {
  const count = /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
  switch (key) {
    case 'text':
      behaviour.text = value;
      return true;
    case 'reasoning':
      behaviour.reasoning = value;
      return true;
    case 'fail': {
      const status = FAILURE_STATUSES.find((candidate) => candidate === count);
      if (status === undefined) return false;
      behaviour.fail = status;
      return true;
    }
    case 'delay':
      if (count === undefined) return false;
      behaviour.delayMs = count;
      return true;
    case 'chunks':
      if (count === undefined || count < 1) return false;
      behaviour.chunks = count;
      return true;
    case 'chunk-size':
      if (count === undefined || count < 1) return false;
      behaviour.chunkSize = count;
      return true;
    case 'drop-after':
      if (count === undefined) return false;
      behaviour.dropAfter = count;
      return true;
    case 'error-after':
      if (count === undefined) return false;
      behaviour.errorAfter = count;
      return true;
    case 'vision':
      if (value.trim() !== 'off' && value.trim() !== 'on') return false;
      behaviour.vision = value.trim() === 'on';
      return true;
    case 'block': {
      const kind = BLOCK_KINDS.find((candidate) => candidate === value.trim());
      if (kind === undefined) return false;
      behaviour.block = kind;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Cuts `text` into the chunks the behaviour asks for: exactly `chunks` pieces (fewer only when
 * the text has fewer characters), or pieces of `chunkSize` characters. Never empty: an empty
 * text is one empty chunk.
 */
export function splitIntoChunks(text: string, behaviour: Pick<MockBehaviour, 'chunks' | 'chunkSize'>): string[] {
  const characters = Array.from(text); // never split a surrogate pair
  if (characters.length === 0) return [''];
  const pieces: string[] = [];
  if (behaviour.chunks !== undefined) {
    const count = Math.min(Math.max(1, behaviour.chunks), characters.length);
    for (let i = 0; i < count; i++) {
      const start = Math.round((i * characters.length) / count);
      const end = Math.round(((i + 1) * characters.length) / count);
      pieces.push(characters.slice(start, end).join(''));
    }
    return pieces;
  }
  const size = Math.max(1, behaviour.chunkSize ?? DEFAULT_CHUNK_SIZE);
  for (let i = 0; i < characters.length; i += size) pieces.push(characters.slice(i, i + size).join(''));
  return pieces;
}
