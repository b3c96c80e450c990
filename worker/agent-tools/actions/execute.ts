/**
 * Runs one action operation for the model: builds the request, sends it through the guarded
 * fetch, and turns the answer into text the model can read (JSON pretty-printed, text as it is,
 * binary summarised, a failed status as an error result with the start of the body).
 *
 * When the run is stopped or the call times out (the context's signal), the abort is rethrown,
 * not turned into a result: the tool loop decides what a stopped or timed-out call says.
 */
import type { ActionOperation } from '../openapi/operation';
import { createGuardedFetch, type OutboundDeps, OutboundRefusedError } from '../net/guarded-fetch';
import { readCappedBody, TOOL_READ_MAX_BYTES } from '../net/read-capped';
import type { ToolContext, ToolResult } from '../types';
import type { ActionAuth } from './auth';
import { buildActionRequest } from './request';

/** How much of a failed answer's body the model sees. */
const ERROR_BODY_CHARS = 1000;

export async function executeAction(
  operation: ActionOperation,
  auth: ActionAuth,
  args: Record<string, unknown>,
  context: ToolContext,
  deps: OutboundDeps,
): Promise<ToolResult> {
  const request = buildActionRequest(operation, auth, args);
  if (typeof request === 'string') return { output: request, isError: true };
  const fetch = createGuardedFetch(context.network, deps);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: context.signal,
    });
    const { bytes, truncated } = await readCappedBody(response);
    const text = bodyText(bytes, response.headers.get('content-type'), truncated);
    if (!response.ok) return { output: `HTTP ${response.status}: ${text.slice(0, ERROR_BODY_CHARS)}`, isError: true };
    if (bytes.length === 0)
      return { output: `The request succeeded (HTTP ${response.status}) with no content.`, isError: false };
    const note = truncated ? `\n\n[Response cut: only the first ${TOOL_READ_MAX_BYTES} bytes were read.]` : '';
    return { output: text + note, isError: false };
  } catch (error) {
    context.signal.throwIfAborted();
    if (error instanceof OutboundRefusedError) return { output: error.message, isError: true };
    const why = error instanceof Error ? error.message : String(error);
    return { output: `The request to ${new URL(request.url).host} failed: ${why}`, isError: true };
  }
}

/** The body as the model reads it. */
function bodyText(bytes: Uint8Array, contentType: string | null, truncated: boolean): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^application\/(?:[\w.-]+\+)?json$/.test(type) && !truncated) {
    const text = new TextDecoder().decode(bytes);
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  if (isTextual(type)) return new TextDecoder().decode(bytes);
  if (type === '') {
    // No declared type: text if it decodes as UTF-8, binary otherwise.
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      return binarySummary('application/octet-stream', bytes.length, truncated);
    }
  }
  return binarySummary(type, bytes.length, truncated);
}

function isTextual(type: string): boolean {
  return (
    type.startsWith('text/') ||
    /^application\/(?:[\w.-]+\+)?(?:json|xml)$/.test(type) ||
    [
      'application/javascript',
      'application/x-www-form-urlencoded',
      'application/yaml',
      'application/x-ndjson',
    ].includes(type)
  );
}

function binarySummary(type: string, size: number, truncated: boolean): string {
  return `[binary ${type}, ${truncated ? 'more than ' : ''}${size} bytes]`;
}
