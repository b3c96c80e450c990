import type { StoredMessage } from '@contract/messages';

/**
 * What web/src/head/early-requests.js started before the app loaded: the session restore and, on
 * /c/{id}, that conversation's messages, answered together. Each is handed out once, to the first
 * caller that would otherwise ask; later calls (a renewal, a refetch) go to the network as usual.
 */
interface EarlyRequests {
  /**
   * The refresh's answer as JSON; null when it was refused or was not JSON (nobody signed in).
   * Rejects on a network failure.
   */
  session?: Promise<unknown>;
  /** The conversation whose messages were asked for, or null. */
  conversationId?: string | null;
  /** Its messages; null when the answer carried none (no session, a failure). */
  messages?: Promise<StoredMessage[] | null> | null;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyRequests;
  }
}

/** The early session restore's answer, if it was started and nobody has taken it yet. */
export function takeEarlySession(): Promise<unknown> | null {
  const early = window.__earlyRequests;
  const session = early?.session;
  if (!early || !session) return null;
  delete early.session;
  return session;
}

/**
 * The early answer for `conversationId`'s messages, if it was started for that conversation and
 * nobody has taken it yet. Resolves to null when there is no usable answer (no session, a
 * network failure), so the caller asks again itself.
 */
export function takeEarlyMessages(conversationId: string): Promise<StoredMessage[] | null> | null {
  const early = window.__earlyRequests;
  const messages = early?.messages;
  if (!early || !messages || early.conversationId !== conversationId) return null;
  delete early.messages;
  return messages.catch(() => null);
}
