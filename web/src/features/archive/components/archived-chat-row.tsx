import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import type { ConversationListItem } from '@/shared/conversation/api/conversation-list-types';
import { TrashIcon, UnarchiveIcon } from './archive-icons';

type ArchivedChatRowProps = {
  item: ConversationListItem;
  unarchiving: boolean;
  onUnarchive: (conversationId: string) => void;
  onAskDelete: (item: ConversationListItem) => void;
};

const iconButton =
  'flex size-8 items-center justify-center rounded-md text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50';

/** One archived chat, 48 px high: its title opens it in a new tab, beside its date and actions. */
export function ArchivedChatRow({ item, unarchiving, onUnarchive, onAskDelete }: ArchivedChatRowProps) {
  const { t, i18n } = useTranslation();
  const created = new Date(item.createdAt);
  return (
    <tr className="h-12 border-b border-border-light last:border-b-0">
      <td className="max-w-0 px-3">
        <Link
          to={paths.chat.conversation.getHref(item.conversationId)}
          target="_blank"
          rel="noopener noreferrer"
          title={item.title}
          className="block truncate rounded text-text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          {item.title}
        </Link>
      </td>
      <td className="whitespace-nowrap px-3 text-text-secondary">
        <time dateTime={item.createdAt}>{created.toLocaleDateString(i18n.language, { dateStyle: 'medium' })}</time>
      </td>
      <td className="px-3">
        <div className="flex justify-end gap-1">
          <button
            type="button"
            className={iconButton}
            disabled={unarchiving}
            aria-busy={unarchiving || undefined}
            aria-label={t('com_ui_unarchive_named', { title: item.title })}
            title={t('com_ui_unarchive')}
            onClick={() => onUnarchive(item.conversationId)}
          >
            {unarchiving ? <Spinner /> : <UnarchiveIcon />}
          </button>
          <button
            type="button"
            className={`${iconButton} hover:text-text-destructive`}
            aria-label={t('com_ui_delete_named', { title: item.title })}
            title={t('com_ui_delete')}
            onClick={() => onAskDelete(item)}
          >
            <TrashIcon />
          </button>
        </div>
      </td>
    </tr>
  );
}
