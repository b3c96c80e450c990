import { useStreamAnnouncement } from './use-stream-announcement';

/**
 * The polite live region that says when a reply starts and ends. The chat screen keeps it
 * mounted from the first render, before any message exists: a region that appears together
 * with its first words (as the message list does on a new chat's first send) is not read out,
 * and would start already streaming, so the start would never be announced.
 */
export function StreamAnnouncer({ isStreaming }: { isStreaming: boolean }) {
  const announcement = useStreamAnnouncement(isStreaming);
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {announcement}
    </div>
  );
}
