/**
 * Provider replies for chat engine tests, in the providers' real wire formats, and a fake
 * provider whose stream the test releases piece by piece (to attach, disconnect, abort or
 * evict at a chosen moment).
 */
import { vi } from 'vitest';

const encoder = new TextEncoder();

/** One Chat Completions SSE chunk (the shape api.openai.com streams). */
function openAIChunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const chunk = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1753100000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export function openAITextChunk(text: string): string {
  return openAIChunk({ content: text });
}

export function openAIEnd(usage?: { prompt: number; completion: number }, finishReason = 'stop'): string {
  const usageChunk = usage
    ? `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1753100000, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion } })}\n\n`
    : '';
  return `${openAIChunk({}, finishReason)}${usageChunk}data: [DONE]\n\n`;
}

/** A whole OpenAI stream of `parts` (text chunks). */
export function openAIStream(parts: readonly string[], usage?: { prompt: number; completion: number }): string {
  return parts.map(openAITextChunk).join('') + openAIEnd(usage);
}

export function sseResponse(body: string | ReadableStream<Uint8Array>, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

export function jsonError(body: string, status: number): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A provider response the test feeds: `push` sends text, `end` closes, `cut` drops the
 * connection. workerd binds streams and the continuations of awaited promises to the object
 * whose code runs them, so nothing here crosses between the test and the Durable Object: the
 * Response is built by `answer()` inside the fetch mock (in the DO), it polls a plain queue
 * the test fills on a timer of its own, and the test polls `cancelled()` likewise.
 */
export interface GatedReply {
  answer(): Response;
  push(text: string): void;
  end(): void;
  cut(): void;
  /** Whether the consumer cancelled the body (the run was aborted). */
  cancelled(): boolean;
}

type Item = { kind: 'text'; text: string } | { kind: 'end' } | { kind: 'cut' };

/** How often the fake provider looks for what the test pushed. */
const GATE_POLL_MS = 2;

export function gatedReply(): GatedReply {
  const queue: Item[] = [];
  let cancelled = false;
  return {
    answer() {
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          while (queue.length === 0) await new Promise((resolve) => setTimeout(resolve, GATE_POLL_MS));
          const item = queue.shift();
          if (item?.kind === 'text') controller.enqueue(encoder.encode(item.text));
          else if (item?.kind === 'end') controller.close();
          else controller.error(new TypeError('Network connection lost.'));
        },
        cancel() {
          cancelled = true;
        },
      });
      return sseResponse(body);
    },
    push: (text) => queue.push({ kind: 'text', text }),
    end: () => queue.push({ kind: 'end' }),
    cut: () => queue.push({ kind: 'cut' }),
    cancelled: () => cancelled,
  };
}

export interface RecordedProviderCall {
  url: string;
  headers: Headers;
  body: unknown;
}

/**
 * Stubs the global fetch (the DO runs in the test's isolate, so this reaches the providers it
 * calls): each call is recorded and answered by `answer`, in order, the last repeating.
 */
export function stubProvider(
  ...answers: ((call: RecordedProviderCall) => Response | Promise<Response>)[]
): RecordedProviderCall[] {
  const calls: RecordedProviderCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const call = { url: request.url, headers: request.headers, body };
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer) throw new Error('stubProvider was given no answer');
    return answer(call);
  });
  return calls;
}

/** Whether a recorded provider call is the title request that follows a new conversation's reply. */
export function isTitleCall(call: RecordedProviderCall): boolean {
  return JSON.stringify(call.body).includes('title for the conversation');
}

/**
 * An OpenAI-compatible provider that answers every reply request with the next of `replies`
 * (split into a few chunks) and title requests with `title`.
 */
export function stubOpenAIReplies(replies: readonly string[], title = 'Generated Title'): RecordedProviderCall[] {
  let next = 0;
  return stubProvider((call) => {
    if (isTitleCall(call)) return sseResponse(openAIStream([title]));
    const text = replies[Math.min(next, replies.length - 1)] ?? '';
    next += 1;
    const words = text.split(/(?<= )/);
    return sseResponse(openAIStream(words, { prompt: 20, completion: words.length }));
  });
}

/** The chat messages a recorded OpenAI-style call sent. */
export function sentMessages(call: RecordedProviderCall | undefined): unknown {
  const body = call?.body;
  return typeof body === 'object' && body !== null && 'messages' in body ? body.messages : undefined;
}
