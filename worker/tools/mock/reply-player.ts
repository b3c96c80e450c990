/**
 * Plays a mock reply onto a streaming HTTP response, independent of the wire format: the
 * pacing, chunking, dropped connections, mid-stream errors and blocks that the behaviour asks
 * for are decided here once, and a {@link WireRenderer} turns each step into its provider's bytes
 * (Anthropic SSE events, Gemini SSE chunks, Bedrock event-stream frames).
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { splitIntoChunks, type BlockKind, type MockBehaviour } from './behaviour';
import { estimateTokens } from './openai-wire';
import type { MockCall } from './tool-script';

export type WireBytes = string | Uint8Array;

export interface ReplyUsage {
  inputTokens: number;
  outputTokens: number;
}

/** One reply's wire format. Stateful: it may open and close blocks as the steps arrive. */
export interface WireRenderer {
  contentType: string;
  /** What opens the stream (Anthropic's message_start carries the input count). */
  start(usage: ReplyUsage): WireBytes[];
  reasoning(piece: string): WireBytes[];
  text(piece: string): WireBytes[];
  /** The provider's in-stream failure; the connection is closed after it. */
  streamError(): WireBytes[];
  /** The reply (or, for Google, the prompt) refused by the provider's filter; ends the stream. */
  blocked(kind: BlockKind, usage: ReplyUsage): WireBytes[];
  /** One whole tool call: its opening, its argument pieces, its end. */
  toolCall(call: MockCall): WireBytes[];
  /** `calledTools`: the reply stops to let the client run the calls (Anthropic, Bedrock: tool_use). */
  finish(usage: ReplyUsage, calledTools: boolean): WireBytes[];
}

export interface PlayOptions {
  behaviour: MockBehaviour;
  reply: string;
  /** Every message's text, for the usage estimate. */
  promptText: string;
  extraHeaders?: Record<string, string>;
  /** A turn of tool calls: they follow the reasoning instead of reply text. */
  toolCalls?: MockCall[];
}

export async function playReply(
  res: ServerResponse,
  renderer: WireRenderer,
  { behaviour, reply, promptText, extraHeaders = {}, toolCalls }: PlayOptions,
): Promise<void> {
  let clientGone = false;
  res.once('close', () => {
    clientGone = !res.writableFinished;
  });
  let flushed: Promise<void> = Promise.resolve();
  const send = (pieces: WireBytes[]): void => {
    for (const data of pieces) flushed = new Promise((resolve) => res.write(data, () => resolve()));
  };
  const pause = async (): Promise<void> => {
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
  };
  /** Mid-stream failure: once what was sent has left, the connection goes away mid-body. */
  const drop = async (): Promise<void> => {
    await flushed;
    res.socket?.destroy();
  };
  const usage: ReplyUsage = {
    inputTokens: estimateTokens(promptText),
    outputTokens: estimateTokens(reply) + estimateTokens(behaviour.reasoning ?? ''),
  };

  res.writeHead(200, {
    'content-type': renderer.contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...extraHeaders,
  });
  send(renderer.start(usage));
  if (behaviour.block === 'prompt') {
    send(renderer.blocked('prompt', { ...usage, outputTokens: 0 }));
    return void res.end();
  }
  if (behaviour.reasoning) {
    for (const piece of splitIntoChunks(behaviour.reasoning, behaviour)) {
      await pause();
      if (clientGone) return;
      send(renderer.reasoning(piece));
    }
  }
  // Checked before each content chunk and once after the last, so N ≥ the chunk count still fails.
  const interrupt = async (sent: number): Promise<boolean> => {
    if (behaviour.dropAfter !== undefined && sent >= behaviour.dropAfter) {
      await drop();
      return true;
    }
    if (behaviour.errorAfter !== undefined && sent >= behaviour.errorAfter) {
      send(renderer.streamError());
      res.end();
      return true;
    }
    return false;
  };
  let sent = 0;
  for (const piece of toolCalls ? [] : splitIntoChunks(reply, behaviour)) {
    await pause();
    if (clientGone || (await interrupt(sent))) return;
    send(renderer.text(piece));
    sent += 1;
  }
  await pause();
  if (clientGone || (await interrupt(sent))) return;
  for (const call of toolCalls ?? []) send(renderer.toolCall(call));
  send(
    behaviour.block === 'reply' ? renderer.blocked('reply', usage) : renderer.finish(usage, toolCalls !== undefined),
  );
  res.end();
}
