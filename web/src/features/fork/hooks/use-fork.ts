import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast-context';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { useForkConversation } from '../api/fork-conversation';
import type { ForkChoice } from '../lib/fork-request';

/** The server's reason when it gives one (too large, rate limited, changed meanwhile), else ours. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;

/** Forks, then opens the new conversation; success and failure are told in a toast. */
export function useFork() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const mutation = useForkConversation();

  /**
   * `announce`: say that the fork is under way, when nothing else on screen does (a remembered
   * choice forks without opening the dialog, whose status line says it otherwise).
   */
  const fork = (choice: ForkChoice, { onDone, announce = false }: { onDone?: () => void; announce?: boolean } = {}) => {
    if (announce) showToast({ severity: 'info', message: t('com_ui_fork_processing') });
    mutation.mutate(choice, {
      onSuccess: ({ conversation }) => {
        onDone?.();
        showToast({ severity: 'success', message: t('com_ui_fork_success') });
        void navigate(paths.chat.conversation.getHref(conversation.conversationId));
      },
      onError: (error) => showToast({ severity: 'error', message: messageOf(error, t('com_ui_fork_error')) }),
    });
  };
  return { fork, isForking: mutation.isPending };
}
