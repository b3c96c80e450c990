import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n/react';
import { useResendVerification } from '../api/resend-verification';

/** "Didn't get the email? Resend it", shown after a login refused for an unverified address. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();

  if (resend.isSuccess) return <p className="mt-2 font-medium">{t('com_auth_email_resent_success')}</p>;
  return (
    <p className="mt-2">
      {resend.isError ? t('com_auth_email_resent_failed') : t('com_auth_email_verification_resend_prompt')}{' '}
      <button
        type="button"
        className={`${TEXT_LINK_CLASSES} underline disabled:opacity-50`}
        disabled={resend.isPending || email.trim() === ''}
        onClick={() => resend.mutate(email.trim())}
      >
        {t('com_auth_email_resend_link')}
      </button>
    </p>
  );
}
