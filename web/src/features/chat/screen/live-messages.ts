import { mergeMessages } from '@/shared/conversation/api/messages-cache';
import type { ChatMessage, RunView } from '@/shared/conversation/types';

/**
 * The messages on screen: the stored ones with the live run's request and reply laid over
 * them by id. While streaming these are placeholders (or server ids from `created`); once
 * `final` is in, the same messages are also in the stored list and merge into themselves.
 */
export function withLiveMessages(stored: readonly ChatMessage[], run: RunView | null): ChatMessage[] {
  const live = [run?.requestMessage, run?.responseMessage].filter((message): message is ChatMessage =>
    Boolean(message),
  );
  return live.length === 0 ? [...stored] : mergeMessages(stored, live);
}
