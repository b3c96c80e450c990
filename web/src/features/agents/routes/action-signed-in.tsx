import '../agents-i18n';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { type ActionSignInConfirmBody, type ActionSignInConfirmResponse } from '@contract/action-sign-in';
import { ACTION_SIGN_IN_CONFIRM_PATH } from '@contract/action-sign-in-paths';
import { PageFrame } from '@/components/layouts/page-frame';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/request';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';

/** What each refusal of the confirmation means to the user; anything else is a failed exchange. */
const FAILURE_KEYS: Record<number, TranslationKey> = {
  400: 'com_agents_sign_in_not_completed',
  404: 'com_agents_sign_in_not_found',
  409: 'com_agents_sign_in_used',
  410: 'com_agents_sign_in_expired',
};

/** The callback's own verdicts, when it had no flow to send on. */
const CALLBACK_KEYS: Record<string, TranslationKey> = {
  refused: 'com_agents_sign_in_refused',
  invalid: 'com_agents_sign_in_invalid',
};

function failureKey(error: unknown): TranslationKey {
  return (error instanceof ApiError && FAILURE_KEYS[error.status]) || 'com_agents_sign_in_failed';
}

/**
 * One confirmation per state: a query (not an effect) so a second render or mount never posts
 * again and finds its own sign-in "already used".
 */
function useConfirmSignIn(state: string | null) {
  return useQuery({
    queryKey: ['action-sign-in', state],
    queryFn: () =>
      request<ActionSignInConfirmResponse>(ACTION_SIGN_IN_CONFIRM_PATH, {
        method: 'POST',
        json: { state: state ?? '' } satisfies ActionSignInConfirmBody,
      }),
    enabled: state !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Where the identity provider's redirect lands (through the server's callback) after the user
 * signed in to an action: the signed-in user confirms the sign-in here, and the chat that asked
 * goes on by itself.
 */
export function ActionSignedInRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const confirm = useConfirmSignIn(state);
  const callbackKey = state === null ? (CALLBACK_KEYS[params.get('error') ?? ''] ?? CALLBACK_KEYS.invalid) : null;
  const backHref = confirm.data
    ? paths.chat.conversation.getHref(confirm.data.conversationId)
    : paths.chat.newConversation.getHref();

  let body;
  if (callbackKey) body = <Alert>{t(callbackKey)}</Alert>;
  else if (confirm.isError) body = <Alert>{t(failureKey(confirm.error))}</Alert>;
  else if (confirm.data)
    body = <Alert tone="success">{t('com_agents_sign_in_done', { host: confirm.data.host })}</Alert>;
  else
    body = (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-text-secondary">
        <Spinner />
        {t('com_agents_sign_in_confirming')}
      </p>
    );

  return (
    <PageFrame title={t('com_agents_sign_in_title')}>
      <div className="mt-6">{body}</div>
      <Link to={backHref} className={`mt-6 ${buttonClasses('primary')}`}>
        {t('com_ui_back_to_chat')}
      </Link>
    </PageFrame>
  );
}
