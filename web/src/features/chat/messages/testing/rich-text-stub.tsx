/**
 * Stand-ins for the markdown module in the message list's tests: they show what the list hands
 * over (the text, whether it is streaming) without loading the real renderer.
 */
export function Markdown({ content, isStreaming = false }: { content: string; isStreaming?: boolean }) {
  return (
    <div data-testid="markdown" data-streaming={String(isStreaming)}>
      {content}
    </div>
  );
}

export function PlainText({ text }: { text: string }) {
  return <div data-testid="plain-text">{text}</div>;
}
