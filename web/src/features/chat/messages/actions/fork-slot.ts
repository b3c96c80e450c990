import { type ComponentType, createContext } from 'react';

/** The message a fork starts from, as the toolbar hands it to the fork button. */
export interface ForkPoint {
  conversationId: string;
  messageId: string;
  /** The end of the branch on screen, read when the fork is made (a split fork ends there). */
  getLatestMessageId?: () => string | null | undefined;
}

/**
 * The fork button the screen puts in each message's toolbar. Forking is its own feature, so the
 * app supplies the button here rather than the chat importing it; without a provider (a read-only
 * list, a unit test) no fork action is shown.
 */
export const ForkButtonSlot = createContext<ComponentType<ForkPoint> | null>(null);
