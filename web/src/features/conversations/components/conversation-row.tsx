import { useContext, useState } from 'react';
import { Link } from 'react-router-dom';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import type { ConversationListItem } from '@/shared/conversation/api/conversation-list-types';
import { MoreIcon } from './icons';
import { RenameInput } from './rename-input';
import { ShareDialogSlot } from './share-dialog-slot';

export type RowActions = {
  rename: (conversationId: string, title: string) => void;
  duplicate: (conversationId: string, title: string) => void;
  archive: (conversationId: string) => void;
  askDelete: (item: ConversationListItem) => void;
};

type ConversationRowProps = {
  item: ConversationListItem;
  isActive: boolean;
  actions: RowActions;
  /** A plain click on the link (phones close the overlay). */
  onOpen?: () => void;
};

/**
 * One conversation: a real link to /c/{id} (so Ctrl/Cmd-click and middle-click open a new tab
 * as the browser does them) and its menu button beside it, not inside it (no nested controls).
 */
export function ConversationRow({ item, isActive, actions, onOpen }: ConversationRowProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const ShareDialog = useContext(ShareDialogSlot);
  // Sharing menu items appear only when the server has shared links on.
  const sharingEnabled = useStartupConfig().data?.sharedLinksEnabled === true && ShareDialog !== null;

  if (renaming) {
    return (
      <div className="flex h-full items-center px-1">
        <RenameInput
          title={item.title}
          onSave={(title) => {
            setRenaming(false);
            actions.rename(item.conversationId, title);
          }}
          onDone={() => setRenaming(false)}
        />
      </div>
    );
  }

  return (
    <div
      className={`group flex h-full items-center rounded-lg text-sm transition ${isActive ? 'bg-surface-secondary font-medium text-text-primary' : 'text-text-primary hover:bg-surface-secondary'}`}
    >
      <Link
        to={paths.chat.conversation.getHref(item.conversationId)}
        aria-current={isActive ? 'page' : undefined}
        title={item.title}
        onClick={(event) => {
          if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) onOpen?.();
        }}
        className="flex h-full min-w-0 flex-1 items-center rounded-lg px-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring-primary"
      >
        <span className="truncate">{item.title}</span>
      </Link>
      <DropdownMenu
        trigger={<MoreIcon />}
        triggerLabel={t('com_ui_conversation_options', { title: item.title })}
        triggerClassName="me-1 flex size-7 items-center justify-center rounded-md text-text-secondary hover:bg-surface-primary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
        items={[
          ...(sharingEnabled ? [{ id: 'share', label: t('com_ui_share'), onSelect: () => setSharing(true) }] : []),
          { id: 'rename', label: t('com_ui_rename'), onSelect: () => setRenaming(true) },
          {
            id: 'duplicate',
            label: t('com_ui_duplicate'),
            onSelect: () => actions.duplicate(item.conversationId, item.title),
          },
          { id: 'archive', label: t('com_ui_archive'), onSelect: () => actions.archive(item.conversationId) },
          { id: 'delete', label: t('com_ui_delete'), onSelect: () => actions.askDelete(item) },
        ]}
      />
      {sharing && ShareDialog && (
        <ShareDialog conversationId={item.conversationId} title={item.title} onClose={() => setSharing(false)} />
      )}
    </div>
  );
}
