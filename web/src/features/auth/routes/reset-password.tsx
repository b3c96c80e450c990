import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n/react';
import { AuthHeader } from '../components/auth-header';
import { ResetPasswordForm } from '../components/reset-password-form';

/** /reset-password?token&userId: set a new password from the emailed link. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();

  return (
    <>
      <AuthHeader title={t('com_auth_reset_password')} />
      <ResetPasswordForm token={params.get('token') ?? ''} userId={params.get('userId') ?? ''} />
    </>
  );
}
