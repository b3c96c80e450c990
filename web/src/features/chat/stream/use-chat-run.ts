import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SendRequest } from '@/shared/conversation/types';
import { addedRunKey, type AddedModel } from './added-run';
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
  /**
   * Starts a send (ignored while submitting, or for empty text outside regenerate/continue);
   * with `added`, that model answers the new message beside the chat's own (added-run.ts).
   */
  send(req: SendRequest, added?: AddedModel): void;
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
  const send = useCallback((req: SendRequest, added?: AddedModel) => store.send(req, added), [store]);
  const abort = useCallback(() => store.abort(key), [store, key]);
  const resume = useCallback(() => store.resume(key), [store, key]);
  const clear = useCallback(() => store.clear(key), [store, key]);
  return useMemo(
    () => ({ run, isSubmitting: isSubmittingStatus(run?.status), send, abort, resume, clear }),
    [run, send, abort, resume, clear],
  );
}

export interface AddedRun {
  /** The conversation's added run (the second reply of a turn), live or last; null when none. */
  run: ChatRunView | null;
  isSubmitting: boolean;
  abort(): Promise<void>;
  /** Re-attaches to the added run the server has live, if any (call when the conversation opens). */
  resume(): Promise<void>;
}

/** The added run of a saved conversation (null or `new`: none until `created` names it). */
export function useAddedRun(conversationId: string | null | undefined): AddedRun {
  const store = runStoreFor(useQueryClient());
  const id = runKey(conversationId) === conversationId ? conversationId : null;
  const key = id ? addedRunKey(id) : null;
  const subscribe = useCallback(
    (listener: () => void) => (key ? store.subscribe(key, listener) : () => undefined),
    [store, key],
  );
  const getSnapshot = useCallback(() => (key ? store.getRun(key) : null), [store, key]);
  const run = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const abort = useCallback(() => (key ? store.abort(key) : Promise.resolve()), [store, key]);
  const resume = useCallback(() => (id ? store.resume(id, 'added') : Promise.resolve()), [store, id]);
  return useMemo(() => ({ run, isSubmitting: isSubmittingStatus(run?.status), abort, resume }), [run, abort, resume]);
}
