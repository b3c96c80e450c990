import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { DangerButton } from '@/components/ui/danger-button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useToast } from '@/components/ui/toast-context';
import { paths } from '@/config/paths';
import { request } from '@/lib/api/request';
import { useTranslation } from '@/lib/i18n/react';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import type { ListData } from '@/shared/conversation/api/list-cache';
import { DataTabConfirmDialog } from './data-tab-confirm-dialog';

/** `DELETE /api/convos/all`: every conversation of the user, archived ones too. */
const deleteAllConversations = () => request<unknown>('/api/convos/all', { method: 'DELETE' });

const EMPTY_LIST: ListData = { pages: [{ conversations: [], nextCursor: null }], pageParams: [null] };

/**
 * Nothing of the deleted chats is shown again from memory: every cached conversation list (the
 * sidebar's, a bookmark filter's, the archive's) becomes empty at once, with no refetch and no
 * flash, and every conversation's cached details and messages are dropped.
 */
function forgetAllConversations(queryClient: QueryClient): void {
  queryClient.setQueriesData<ListData>({ queryKey: convoKeys.all }, (data) => (data ? EMPTY_LIST : data));
  // The new chat's own (unsaved) entries stay: its screen is the one being shown.
  const saved = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'new';
  queryClient.removeQueries({ queryKey: [chatKeys.conversation('')[0]], predicate: saved });
  queryClient.removeQueries({ queryKey: [chatKeys.messages('')[0]], predicate: saved });
}

/** Settings → Data: delete all chats, after a confirmation; an open chat gives way to a new one. */
export function DeleteAllChatsRow() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openChat = useMatch(paths.chat.conversation.path)?.params.conversationId;
  const [confirming, setConfirming] = useState(false);
  const deleteAll = useMutation({ mutationFn: deleteAllConversations });

  const onConfirm = () =>
    deleteAll.mutate(undefined, {
      onSuccess: () => {
        // Leave first, so the open chat's screen does not refetch what is being forgotten.
        if (openChat && openChat !== 'new') void navigate(paths.chat.newConversation.getHref());
        forgetAllConversations(queryClient);
        setConfirming(false);
        showToast({ severity: 'success', message: t('com_nav_clear_all_chats_success') });
      },
      onError: () => showToast({ severity: 'error', message: t('com_nav_clear_all_chats_error') }),
    });

  return (
    <SettingsRow label={t('com_nav_clear_all_chats')} description={t('com_nav_clear_all_chats_info')}>
      <DangerButton onClick={() => setConfirming(true)}>{t('com_ui_delete')}</DangerButton>
      <DataTabConfirmDialog
        open={confirming}
        title={t('com_nav_confirm_clear')}
        description={t('com_nav_clear_conversation_confirm_message')}
        confirmLabel={t('com_ui_delete')}
        pending={deleteAll.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </SettingsRow>
  );
}
