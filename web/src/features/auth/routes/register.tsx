import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { AuthHeader } from '../components/auth-header';
import { RegisterForm } from '../components/register-form';
import { SocialLoginsSlot } from '../components/social-logins-slot';

/** /register (optional `?token=` invitation): account creation and social sign-up. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: config, isError } = useStartupConfig();

  return (
    <>
      <AuthHeader title={t('com_auth_create_account')} />
      {isError && <Alert>{t('com_auth_error_login_server')}</Alert>}
      {config && !config.registrationEnabled ? (
        <Alert tone="info">{t('com_auth_registration_disabled')}</Alert>
      ) : (
        <RegisterForm inviteToken={params.get('token') ?? undefined} turnstile={config?.turnstile} />
      )}
      <p className="mt-6 text-center text-sm text-text-secondary">
        {t('com_auth_already_have_account')}{' '}
        <Link to={paths.auth.login.getHref()} className={TEXT_LINK_CLASSES}>
          {t('com_auth_login')}
        </Link>
      </p>
      {config?.registrationEnabled && <SocialLoginsSlot config={config} />}
    </>
  );
}
