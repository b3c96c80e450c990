import type { ChatMessage } from '@/shared/conversation/types';
import { readContentParts } from '@/shared/message/content/content-parts';

export type TextStyle = 'text' | 'markdown';

/** One block of a message: who it is from and what it says. */
type Block = [sender: string, text: string];

/**
 * A message's blocks as LibreChat's export writes them: its content parts (text and reasoning
 * under the sender, errors under "error", tool calls under "Tool", images under "Image"), or the
 * plain text when it has no parts worth showing.
 */
function messageBlocks(message: ChatMessage): Block[] {
  const sender = message.sender || '';
  const views = readContentParts(message.content);
  if (views.length === 0) return [[sender, message.text]];
  return views.flatMap((view): Block[] => {
    switch (view.kind) {
      case 'text':
      case 'think':
        return [[sender, view.text]];
      case 'error':
        return [['error', view.text]];
      case 'tool_call':
        return [['Tool', JSON.stringify({ name: view.call.name, args: view.call.args, output: view.call.output })]];
      case 'image':
        return [['Image', view.url]];
      // A chain's hand-over marks the screen only; the export keeps what was said.
      case 'agent_update':
        return [];
    }
  });
}

/** `>> Sender:` then the text (text), or `**Sender**` then the text (markdown). */
export function messageText(message: ChatMessage, style: TextStyle): string {
  return messageBlocks(message)
    .map(([sender, text]) => (style === 'text' ? `>> ${sender}:\n${text}` : `**${sender}**\n${text}`))
    .join('\n\n\n');
}
