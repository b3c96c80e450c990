/**
 * A turn of tool calls in the Chat Completions stream format, as api.openai.com sends it: a role
 * chunk, then per call a first fragment with its index, id, type and name (arguments empty),
 * fragments with more of the arguments, a `finish_reason: "tool_calls"` chunk, the usage chunk
 * when asked for, and [DONE].
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MockBehaviour } from './behaviour';
import type { ChatRequest } from './http';
import { completionId, sseData, SYSTEM_FINGERPRINT, usageOf, type Usage } from './openai-wire';
import type { MockCall } from './tool-script';

interface ToolCallFragment {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

type ToolDelta =
  { role: 'assistant'; content: null; refusal: null } | { tool_calls: ToolCallFragment[] } | Record<string, never>;

export async function streamToolCalls(
  res: ServerResponse,
  chat: ChatRequest,
  behaviour: MockBehaviour,
  calls: readonly MockCall[],
): Promise<void> {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  // Written here rather than with sseData, whose chunk type knows text deltas only.
  const chunk = (delta: ToolDelta, finish: 'tool_calls' | null = null, usage?: Usage | null): string =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model: chat.model,
      service_tier: 'default',
      system_fingerprint: SYSTEM_FINGERPRINT,
      choices: usage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(chat.includeUsage ? { usage: usage ?? null } : {}),
    })}\n\n`;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': `req_${id.slice(9)}`,
  });
  res.write(chunk({ role: 'assistant', content: null, refusal: null }));
  for (const [index, call] of calls.entries()) {
    const opening = { index, id: `call_${call.id}`, type: 'function' as const };
    res.write(chunk({ tool_calls: [{ ...opening, function: { name: call.name, arguments: '' } }] }));
    for (const piece of call.pieces) {
      if (behaviour.delayMs) await sleep(behaviour.delayMs);
      res.write(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  res.write(chunk({}, 'tool_calls'));
  const args = calls.map((call) => call.args).join('');
  if (chat.includeUsage) res.write(chunk({}, null, usageOf(chat.promptText, args)));
  res.end(sseData('[DONE]'));
}
