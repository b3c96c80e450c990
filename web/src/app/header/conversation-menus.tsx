import { ExportShareMenu } from '@/app/header/export-share-menu';
import { ConversationBookmarkMenu } from '@/features/bookmarks/components/conversation-bookmark-menu';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';

type ConversationMenusProps = { conversation: ChatConversation };

/**
 * A saved conversation's own menus in the header, before the theme and account controls:
 * bookmarks (features/bookmarks), then export and share (features/export, features/share).
 * Each feature adds its menu here; a new, unsaved chat shows none of them.
 */
export function ConversationMenus({ conversation }: ConversationMenusProps) {
  return (
    <>
      <ConversationBookmarkMenu conversation={conversation} />
      <ExportShareMenu conversation={conversation} />
    </>
  );
}
