import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { REDIRECT_COUNTDOWN_SECONDS, useCountdown } from '../hooks/use-countdown';

/** Why the link cannot be verified before asking the server: no email means it is not a link of ours. */
const linkProblem = (token: string, email: string): TranslationKey | null => {
  if (!email) return 'com_auth_email_verification_invalid';
  if (!token) return 'com_auth_email_verification_failed_token_missing';
  return null;
};

/**
 * Verifies the address once on arrival. Success counts down to /c/new; failure counts down,
 * then offers to resend the email (when the link names one); a resent email counts down again.
 */
export function EmailVerification({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const [offerResend, setOfferResend] = useState(false);
  const problem = linkProblem(token, email);
  const succeeded = verify.isSuccess || resend.isSuccess;

  const countdown = useCountdown(REDIRECT_COUNTDOWN_SECONDS, () => {
    if (succeeded) void navigate(paths.chat.newConversation.getHref(), { replace: true });
    else setOfferResend(true);
  });
  const { start } = countdown;

  // Sent once, even when React runs effects twice in development.
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (problem) start();
    else mutate({ email, token });
  }, [email, mutate, problem, start, token]);

  useEffect(() => {
    if (verify.isSuccess || verify.isError || resend.isSuccess) start();
  }, [verify.isSuccess, verify.isError, resend.isSuccess, start]);

  const redirecting = succeeded && (
    <p className="mt-1">
      {t('com_auth_email_verification_redirecting', { count: countdown.remaining ?? REDIRECT_COUNTDOWN_SECONDS })}
    </p>
  );

  if (resend.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-medium">{t('com_auth_email_resent_success')}</p>
        {redirecting}
      </Alert>
    );
  }
  if (verify.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-medium">{t('com_auth_email_verification_success')}</p>
        {redirecting}
      </Alert>
    );
  }
  if (!problem && !verify.isError) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-2 text-sm text-text-secondary">
        <Spinner />
        {t('com_auth_email_verification_in_progress')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Alert>
        {t(resend.isError ? 'com_auth_email_resent_failed' : (problem ?? 'com_auth_email_verification_failed'))}
      </Alert>
      {offerResend && email && (
        <p className="text-center text-sm text-text-secondary">
          {t('com_auth_email_verification_resend_prompt')}{' '}
          <button
            type="button"
            className={`${TEXT_LINK_CLASSES} underline disabled:opacity-50`}
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {t('com_auth_email_resend_link')}
          </button>
        </p>
      )}
    </div>
  );
}
