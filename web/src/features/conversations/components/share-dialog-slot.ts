import { type ComponentType, createContext } from 'react';

/** What a row hands to the share dialog it opens; mounted means open. */
export interface RowShareDialogProps {
  conversationId: string;
  title: string;
  onClose: () => void;
}

/**
 * The share dialog a row's Share item opens. Sharing is its own feature, so the app supplies the
 * dialog here rather than the list importing it; without a provider the row offers no Share item.
 */
export const ShareDialogSlot = createContext<ComponentType<RowShareDialogProps> | null>(null);
