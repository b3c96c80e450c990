/**
 * Headers an action request never takes from the model or from a document: they address the
 * connection or the origin server (Host, hop-by-hop, framing) or carry the user's identity
 * (Authorization, Cookie). Auth headers are set by the action's configured auth alone.
 */
const CONNECTION_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);
const IDENTITY_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** An HTTP header name as RFC 9110 writes a token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Whether the model may fill a declared header parameter with this name. */
export function isModelSettableHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return HEADER_NAME.test(name) && !CONNECTION_HEADERS.has(lower) && !IDENTITY_HEADERS.has(lower);
}

/** Whether an operator's or user's custom auth header may use this name (Authorization may, Host may not). */
export function isAuthHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return HEADER_NAME.test(name) && !CONNECTION_HEADERS.has(lower) && lower !== 'cookie' && lower !== 'set-cookie';
}
