/**
 * A user's message as they typed it: no markdown, whitespace and line breaks kept, long words
 * wrapped rather than overflowing the bubble. React escapes the text, so it can never be HTML.
 */
export function PlainText({ text, className = '' }: { text: string; className?: string }) {
  return <div className={`whitespace-pre-wrap break-words [overflow-wrap:anywhere] ${className}`}>{text}</div>;
}
