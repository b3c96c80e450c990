/**
 * The blinking cursor of a reply still arriving, for when no markdown text ends the reply (it
 * has not started, or its last part is thinking or a tool call); markdown draws its own inline.
 */
export function StreamingCursor() {
  return (
    <span
      aria-hidden="true"
      data-testid="streaming-cursor"
      className="ms-0.5 inline-block h-4 w-2 animate-pulse rounded-sm bg-text-primary align-middle"
    />
  );
}
