import { vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import type { ChatMessage } from '@/shared/conversation/types';
import { RunStore } from '../run-store';
import type { ChatRunView } from '../run-view';

/** A run store on a fresh query client, with helpers to watch it like the page does. */
export function runHarness() {
  const queryClient = createQueryClient();
  const store = new RunStore(queryClient);
  return {
    queryClient,
    store,
    /** Subscribes to `key` as the page would; returns every view published to it. */
    watch(key: string) {
      const views: (ChatRunView | null)[] = [];
      const stop = store.subscribe(key, () => views.push(store.getRun(key)));
      return { views, stop };
    },
    run: (key: string) => store.getRun(key),
    messages: (conversationId: string) => queryClient.getQueryData<ChatMessage[]>(chatKeys.messages(conversationId)),
    conversation: (conversationId: string) =>
      queryClient.getQueryData<Record<string, unknown>>(chatKeys.conversation(conversationId)),
  };
}

/** Waits (real timers) until `check` passes: the store's work is promise chains and stream reads. */
export const eventually = (check: () => void) => vi.waitFor(check, { timeout: 2_000, interval: 2 });

/** Lets pending promise callbacks and stream reads run, under fake timers. */
export async function drain(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await vi.advanceTimersByTimeAsync(0);
}
