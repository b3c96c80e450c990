import { useState } from 'react';
import { headerLinkClasses } from '@/components/ui/header-link-classes';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import '../bookmarks-i18n';
import { useTags } from '../api/get-tags';
import { useSetConversationTags } from '../api/set-conversation-tags';
import { useBookmarksEnabled } from '../hooks/use-bookmarks-enabled';
import { tagErrorText } from '../lib/tag-error-text';
import { toggleName } from '../lib/tag-list';
import { BookmarkEditDialog } from './bookmark-edit-dialog';
import { BookmarkIcon, PlusIcon } from './icons';
import { TagMenu, type TagMenuItem } from './tag-menu';

/**
 * The open conversation's bookmarks in the chat header (LibreChat's BookmarkMenu): the icon
 * is filled when the chat has at least one; the menu checks the chat's bookmarks and toggles them, and
 * "New bookmark" creates one (put on this chat unless unticked). Only with BOOKMARKS USE, and
 * not on a temporary chat.
 */
export function ConversationBookmarkMenu({ conversation }: { conversation: ChatConversation }) {
  const enabled = useBookmarksEnabled();
  // A temporary chat expires and never shows in the list: nothing to come back to by bookmark.
  if (!enabled || conversation.isTemporary || conversation.expiredAt) return null;
  return <BookmarkMenu conversation={conversation} />;
}

function BookmarkMenu({ conversation }: { conversation: ChatConversation }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const tags = useTags(true);
  const setTags = useSetConversationTags();
  const [creating, setCreating] = useState(false);
  const { conversationId } = conversation;
  const current = conversation.tags ?? [];

  const toggle = (name: string) =>
    setTags.mutate(
      { conversationId, tags: toggleName(current, name) },
      {
        onError: (error) =>
          showToast({ severity: 'error', message: tagErrorText(error, t('com_ui_bookmarks_toggle_error')) }),
      },
    );

  const items: TagMenuItem[] = [
    {
      kind: 'action',
      id: 'new',
      label: t('com_ui_bookmarks_new'),
      icon: <PlusIcon />,
      onSelect: () => setCreating(true),
    },
    ...(tags.data ?? []).map((tag): TagMenuItem => ({
      kind: 'check',
      id: `tag-${tag._id}`,
      label: tag.tag,
      checked: current.includes(tag.tag),
      onToggle: () => toggle(tag.tag),
    })),
  ];

  return (
    <>
      <TagMenu
        trigger={<BookmarkIcon filled={current.length > 0} />}
        triggerLabel={t('com_ui_bookmarks')}
        menuLabel={t('com_ui_bookmarks_conversation')}
        items={items}
        status={tags.isError ? t('com_ui_bookmarks_load_error') : undefined}
        triggerClassName={headerLinkClasses}
      />
      <BookmarkEditDialog open={creating} onClose={() => setCreating(false)} conversationId={conversationId} />
    </>
  );
}
