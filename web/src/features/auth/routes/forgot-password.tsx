import { Link } from 'react-router-dom';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { AuthHeader } from '../components/auth-header';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** /forgot-password: request a reset email, with a way back to the login. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const emailEnabled = useStartupConfig().data?.emailEnabled ?? true;

  return (
    <>
      <AuthHeader title={t('com_auth_reset_password')} description={t('com_auth_reset_password_description')} />
      <ForgotPasswordForm emailEnabled={emailEnabled} />
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.login.getHref()} className={TEXT_LINK_CLASSES}>
          {t('com_auth_back_to_login')}
        </Link>
      </p>
    </>
  );
}
