import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SendRequest } from '@/shared/conversation/types';
import { runKey } from './run-record';
import { RunStore } from './run-store';
import { type ChatRunView, isSubmittingStatus } from './run-view';

/**
 * One run store per QueryClient: the store writes finished replies into that client's cache,
 * and each mounted app (and each test) has its own client, so runs never leak between them.
 */
const stores = new WeakMap<QueryClient, RunStore>();

export function runStoreFor(queryClient: QueryClient): RunStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new RunStore(queryClient);
    stores.set(queryClient, store);
  }
  return store;
}

export interface ChatRun {
  /** The conversation's live (or last) run, or null. */
  run: ChatRunView | null;
  /** A run is connecting or streaming: the stop button shows, sends are ignored. */
  isSubmitting: boolean;
  /** Starts a send (ignored while submitting, or for empty text outside regenerate/continue). */
  send(req: SendRequest): void;
  /** Stops the run; resolves once stopped, or once the failure is on `run.abortError`. */
  abort(): Promise<void>;
  /** Re-attaches to this conversation's live run, if the server has one (call when it opens). */
  resume(): Promise<void>;
  /** Forgets a finished run of this conversation (e.g. starting over on /c/new). */
  clear(): void;
}

/**
 * The run of `conversationId` (`new`, `PENDING` and null are the conversation being created).
 * For a new conversation `run.conversationId` turns from null to the real id when `created`
 * arrives; the page then replaces /c/new with /c/{id}.
 */
export function useChatRun(conversationId: string | null | undefined): ChatRun {
  const store = runStoreFor(useQueryClient());
  const key = runKey(conversationId);
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  const getSnapshot = useCallback(() => store.getRun(key), [store, key]);
  const run = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const send = useCallback((req: SendRequest) => store.send(req), [store]);
  const abort = useCallback(() => store.abort(key), [store, key]);
  const resume = useCallback(() => store.resume(key), [store, key]);
  const clear = useCallback(() => store.clear(key), [store, key]);
  return useMemo(
    () => ({ run, isSubmitting: isSubmittingStatus(run?.status), send, abort, resume, clear }),
    [run, send, abort, resume, clear],
  );
}
