/**
 * The HTTP request for one action call, from the model's JSON arguments: path parameters
 * encoded into the path, query parameters, only the declared headers, a JSON body, and the
 * action's auth header last (so no argument can replace it). Arguments the operation does not
 * declare are ignored: the model picks values, never the shape of the request.
 */
import type { ActionOperation } from '../openapi/operation';
import { type ActionAuth, authHeader } from './auth';
import { isModelSettableHeader } from './headers';

export interface ActionRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

export const ACTION_ACCEPT = 'application/json, text/plain;q=0.9, */*;q=0.5';

/** The request, or a sentence telling the model what is wrong with its arguments. */
export function buildActionRequest(
  operation: ActionOperation,
  auth: ActionAuth,
  args: Record<string, unknown>,
): ActionRequest | string {
  if (auth.type === 'unavailable') return auth.reason;
  for (const param of operation.params)
    if (param.required && isMissing(args[param.name])) return `Missing required parameter "${param.name}"`;
  if (operation.body?.mode === 'wrapped' && operation.parameters.required?.includes('body') && isMissing(args.body))
    return 'Missing required parameter "body"';

  let path = operation.path;
  for (const param of operation.params.filter((candidate) => candidate.in === 'path')) {
    const value = scalarText(args[param.name]);
    // `.` and `..` (even percent-encoded) would move the request to another path of the server.
    if (value === '.' || value === '..') return `Invalid value for path parameter "${param.name}"`;
    path = path.replaceAll(`{${param.name}}`, encodeURIComponent(value));
  }
  let url: URL;
  try {
    url = new URL(operation.serverUrl + path);
  } catch {
    return `The action's URL ${operation.serverUrl}${path} is not valid`;
  }
  const headers = new Headers({ accept: ACTION_ACCEPT });
  for (const param of operation.params) {
    const value = args[param.name];
    if (isMissing(value)) continue;
    if (param.in === 'query') {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(param.name, scalarText(item));
    } else if (param.in === 'header' && isModelSettableHeader(param.name)) {
      const text = scalarText(value);
      if (/[\r\n\0]/.test(text)) return `Invalid value for header "${param.name}"`;
      headers.set(param.name, text);
    }
  }
  const body = requestBody(operation, args);
  if (body !== null) headers.set('content-type', 'application/json');
  const credential = authHeader(auth);
  if (credential) headers.set(credential[0], credential[1]);
  return { url: url.href, method: operation.method.toUpperCase(), headers, body };
}

function requestBody(operation: ActionOperation, args: Record<string, unknown>): string | null {
  if (!operation.body) return null;
  if (operation.body.mode === 'wrapped') return args.body === undefined ? null : JSON.stringify(args.body);
  const fields = Object.fromEntries(
    operation.body.properties.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]),
  );
  return JSON.stringify(fields);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Strings as they are, other scalars as JSON would write them, objects as JSON. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
