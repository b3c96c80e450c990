import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast-context';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { useRemoveConversation } from '@/shared/conversation/api/remove-conversation';
import { useRenameConversation } from '@/shared/conversation/api/rename-conversation';
import { useDuplicateConversation } from '../api/duplicate-conversation';
import { copyTitle } from '../lib/copy-title';

/** The server's message when it has one (a 413 "too long to duplicate"), else ours. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;

/**
 * What a row's menu does, with the app-level effects around the mutations: a toast for every
 * outcome, opening a duplicate, and leaving the open chat for a new one (/c/new) when it is
 * deleted or archived.
 */
export function useRowActions(activeConversationId: string | undefined) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const leaveIfOpen = (conversationId: string) => {
    if (conversationId === activeConversationId) void navigate(paths.chat.newConversation.getHref());
  };
  const rename = useRenameConversation();
  const duplicate = useDuplicateConversation();
  const archive = useRemoveConversation('archive', { onRemoved: leaveIfOpen });
  const remove = useRemoveConversation('delete', { onRemoved: leaveIfOpen });
  const failed = (fallback: string) => (error: unknown) =>
    showToast({ severity: 'error', message: messageOf(error, fallback) });
  const succeeded = (message: string) => showToast({ severity: 'success', message });

  return {
    rename: (conversationId: string, title: string) =>
      rename.mutate({ conversationId, title }, { onError: failed(t('com_ui_rename_failed')) }),
    duplicate: (conversationId: string, title: string) => {
      // Copying a long chat takes a moment: say that it is under way.
      showToast({ severity: 'info', message: t('com_ui_duplicating') });
      duplicate.mutate(
        { conversationId, title: copyTitle(t, title) },
        {
          onSuccess: ({ conversation }) => {
            succeeded(t('com_ui_duplicated'));
            void navigate(paths.chat.conversation.getHref(conversation.conversationId));
          },
          onError: failed(t('com_ui_duplicate_failed')),
        },
      );
    },
    archive: (conversationId: string) =>
      archive.mutate(conversationId, {
        onSuccess: () => succeeded(t('com_ui_archived')),
        onError: failed(t('com_ui_archive_failed')),
      }),
    remove: (conversationId: string, onDone: () => void) =>
      remove.mutate(conversationId, {
        onSuccess: () => {
          onDone();
          succeeded(t('com_ui_deleted'));
        },
        onError: failed(t('com_ui_delete_failed')),
      }),
    isDeleting: remove.isPending,
  };
}
