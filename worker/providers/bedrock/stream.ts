/**
 * Bedrock ConverseStream: a SigV4-signed POST answered by binary event-stream frames, turned
 * into ProviderEvents. Signing uses aws4fetch (Web Crypto, so it runs in Workers); the signed
 * headers are then sent through the injected fetch so tests can replay fixtures.
 */
import { AwsClient } from 'aws4fetch';
import { count, duringStream, fetchOrFail, isRecord } from '../failures';
import { ProviderError, type ChatRequest, type FetchLike, type FinishReason, type ProviderEvent } from '../types';
import { ConverseBlocks } from './blocks';
import { bedrockError, bedrockHttpError, exceptionMessage } from './errors';
import { EventStreamError, readEventStream, type EventStreamMessage } from './event-stream';
import { buildConverseRequest } from './request';

export interface BedrockTarget {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Overrides `https://bedrock-runtime.{region}.amazonaws.com` (a VPC endpoint, a mock). */
  endpoint?: string;
}

const utf8 = new TextDecoder();

const STOP_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  content_filtered: 'content_filter',
  guardrail_intervened: 'content_filter',
  tool_use: 'tool_calls',
};

/** us-east-1, eu-central-2, ap-southeast-4, us-gov-west-1, … */
const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/;

export function converseStreamUrl(target: Pick<BedrockTarget, 'region' | 'endpoint'>, modelId: string): string {
  // The region can come from a conversation's settings; it goes into a hostname, so it must be a region.
  if (!target.endpoint && !REGION.test(target.region))
    throw new ProviderError('invalid_request_error', `"${target.region.slice(0, 40)}" is not an AWS region.`);
  const origin = (target.endpoint || `https://bedrock-runtime.${target.region}.amazonaws.com`).replace(/\/+$/, '');
  // Model ids and ARNs contain ':' and '/', which must stay inside one path segment.
  return `${origin}/model/${encodeURIComponent(modelId)}/converse-stream`;
}

export async function* streamBedrockChat(
  target: BedrockTarget,
  request: ChatRequest,
  fetchFn: FetchLike = fetch,
): AsyncGenerator<ProviderEvent> {
  const body = JSON.stringify(buildConverseRequest(request));
  const url = converseStreamUrl(target, request.model);
  const client = new AwsClient({
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    ...(target.sessionToken ? { sessionToken: target.sessionToken } : {}),
    service: 'bedrock',
    region: target.region,
  });
  const signed = await client.sign(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/vnd.amazon.eventstream' },
    body,
  });
  const { signal } = request;
  const response = await fetchOrFail(fetchFn, url, { method: 'POST', headers: signed.headers, body, signal });
  if (!response.ok) throw await bedrockHttpError(response);
  if (!response.body) throw new ProviderError('provider_error', 'Bedrock answered without a body.', response.status);

  let stopReason: string | undefined;
  const blocks = new ConverseBlocks();
  try {
    for await (const message of readEventStream(response.body, signal)) {
      for (const outcome of interpret(message, blocks)) {
        if ('stopReason' in outcome) stopReason = outcome.stopReason;
        else yield outcome;
      }
    }
  } catch (error) {
    if (error instanceof EventStreamError && !signal?.aborted) {
      throw new ProviderError(
        error.kind === 'truncated' ? 'network_error' : 'provider_error',
        `Bedrock stream: ${error.message}`,
      );
    }
    throw duringStream(error, signal);
  }
  // messageStop is the last word on the reply; without it the connection was cut short.
  if (stopReason === undefined)
    throw new ProviderError('network_error', 'The Bedrock stream ended before messageStop.');
  yield { type: 'finish', reason: STOP_REASONS[stopReason] ?? stopReason };
}

/** One frame's meaning: events to yield, or the stop reason to finish with. */
function interpret(message: EventStreamMessage, blocks: ConverseBlocks): Array<ProviderEvent | { stopReason: string }> {
  const kind = message.headers[':message-type'];
  const payload = utf8.decode(message.payload);
  if (kind === 'exception') {
    throw bedrockError(stringHeader(message, ':exception-type'), exceptionMessage(payload));
  }
  if (kind === 'error') {
    throw bedrockError(stringHeader(message, ':error-code'), stringHeader(message, ':error-message') ?? payload);
  }
  if (kind !== 'event') return [];
  const data = parsePayload(payload, stringHeader(message, ':event-type'));
  switch (stringHeader(message, ':event-type')) {
    case 'contentBlockStart':
      return blocks.start(data);
    case 'contentBlockDelta':
      return blocks.delta(data);
    case 'contentBlockStop':
      return blocks.stop(data);
    case 'messageStop':
      return [{ stopReason: typeof data.stopReason === 'string' ? data.stopReason : 'end_turn' }];
    case 'metadata': {
      if (!isRecord(data.usage)) return [];
      const usage = data.usage;
      const event: ProviderEvent = {
        type: 'usage',
        promptTokens: count(usage, 'inputTokens'),
        completionTokens: count(usage, 'outputTokens'),
      };
      if (count(usage, 'cacheReadInputTokens') > 0) event.cacheReadTokens = count(usage, 'cacheReadInputTokens');
      if (count(usage, 'cacheWriteInputTokens') > 0) event.cacheWriteTokens = count(usage, 'cacheWriteInputTokens');
      return [event];
    }
    default:
      // messageStart: nothing to show.
      return [];
  }
}

function stringHeader(message: EventStreamMessage, name: string): string | undefined {
  const value = message.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function parsePayload(payload: string, eventType: string | undefined): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(payload);
    if (isRecord(data)) return data;
  } catch {
    // Reported below: a frame with a valid checksum but unreadable JSON is a provider fault.
  }
  throw new ProviderError('provider_error', `Bedrock sent an unreadable ${eventType ?? 'event'} frame.`);
}
