import type { ChatMessage } from '@/shared/conversation/types';

/**
 * What the page does when the user acts on a message (edit, regenerate, continue). The message
 * list only decides which actions are offered and collects the edited text.
 */
export interface MessageActions {
  /**
   * "Save & Submit" of an edit. A user message is resent as a new branch under the same parent;
   * a reply is regenerated from its parent using the edited text.
   */
  onEditSubmit: (message: ChatMessage, text: string) => void;
  /** "Save": the text is updated in place, nothing is sent. */
  onSaveEdit: (message: ChatMessage, text: string) => void;
  /** Regenerate a reply (a new sibling under the same user message). */
  onRegenerate: (message: ChatMessage) => void;
  /** Continue the latest reply where it stopped. */
  onContinue: (message: ChatMessage) => void;
}
