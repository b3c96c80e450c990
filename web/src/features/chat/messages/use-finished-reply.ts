import { useEffect, useRef, useState } from 'react';

/**
 * The id of the reply that finished streaming on this screen, for automatic read-aloud. The
 * streamed placeholder is replaced by the saved message under a new id when the stream ends,
 * so it is the last message on screen once streaming stops, not the id that streamed.
 */
export function useFinishedReply(
  streamingMessageId: string | null,
  lastMessage: { messageId: string; isCreatedByUser: boolean } | undefined,
): string | null {
  const streamed = useRef(false);
  const [finished, setFinished] = useState<string | null>(null);
  useEffect(() => {
    if (streamingMessageId !== null) {
      streamed.current = true;
      return;
    }
    if (!streamed.current || !lastMessage) return;
    streamed.current = false;
    if (!lastMessage.isCreatedByUser) setFinished(lastMessage.messageId);
  }, [streamingMessageId, lastMessage]);
  return finished;
}
