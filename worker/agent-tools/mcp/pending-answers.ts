/**
 * The requests a message-stream transport (HTTP+SSE, websocket) is waiting on: every answer
 * comes back on one shared stream, matched to its request by id. Once the stream ends, every
 * waiting request and every later one fails with the reason it ended.
 */
import { readMessages, type JsonRpcId, type JsonRpcRequest, type JsonRpcResponse } from './jsonrpc';
import { raceAbort, type ServerRequestHandler } from './transport';
import type { McpError } from './types';

interface Waiter {
  resolve(response: JsonRpcResponse): void;
  reject(error: Error): void;
}

export class PendingAnswers {
  private readonly waiting = new Map<JsonRpcId, Waiter>();
  private endedBecause: McpError | undefined;

  constructor(private readonly onServerRequest: ServerRequestHandler) {}

  /** Why the stream ended, once it has. */
  get ended(): McpError | undefined {
    return this.endedBecause;
  }

  /**
   * Sends `message` with `post` and waits for its answer on the stream, or the signal. The answer
   * is listened for before the post, since the stream may bring it before the post settles.
   */
  async ask(message: JsonRpcRequest, post: () => Promise<void>, signal: AbortSignal): Promise<JsonRpcResponse> {
    if (this.endedBecause) throw this.endedBecause;
    const answer = new Promise<JsonRpcResponse>((resolve, reject) => {
      this.waiting.set(message.id, { resolve, reject });
    });
    // The stream may fail this answer while the post is still under way (or after it failed).
    answer.catch(() => undefined);
    try {
      await post();
      return await raceAbort(answer, signal);
    } finally {
      this.waiting.delete(message.id);
    }
  }

  /** Hands each answer in `text` to its request, and each request of the server to the handler. */
  deliver(text: string): void {
    for (const item of readMessages(text)) {
      if (item.type === 'response') this.waiting.get(item.message.id)?.resolve(item.message);
      else if (item.type === 'request') this.onServerRequest(item.message);
    }
  }

  /** The stream is over: every request waiting, and every later one, fails with `reason`. */
  end(reason: McpError): void {
    this.endedBecause ??= reason;
    for (const waiter of this.waiting.values()) waiter.reject(this.endedBecause);
    this.waiting.clear();
  }
}
