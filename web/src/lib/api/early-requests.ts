/**
 * The requests web/public/early-requests.js started before the app loaded: the session restore
 * and, on /c/{id}, that conversation's messages. Each is handed out once, to the first caller
 * that would otherwise send it; later calls (a renewal, a refetch) go to the network as usual.
 */
interface EarlyRequests {
  refresh?: Promise<Response>;
  /** The conversation whose messages were asked for, or null. */
  conversationId?: string | null;
  /** Null when the refresh gave no token (nobody signed in) or the request failed. */
  messages?: Promise<Response | null> | null;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyRequests;
  }
}

/** The early session restore, if it was started and nobody has taken it yet. */
export function takeEarlyRefresh(): Promise<Response> | null {
  const early = window.__earlyRequests;
  const refresh = early?.refresh;
  if (!early || !refresh) return null;
  delete early.refresh;
  return refresh;
}

/**
 * The early answer for `conversationId`'s messages, if it was started for that conversation and
 * nobody has taken it yet. Resolves to null when there is no usable answer (no session, a
 * network failure), so the caller asks again itself.
 */
export function takeEarlyMessages(conversationId: string): Promise<Response | null> | null {
  const early = window.__earlyRequests;
  const messages = early?.messages;
  if (!early || !messages || early.conversationId !== conversationId) return null;
  delete early.messages;
  return messages.catch(() => null);
}
