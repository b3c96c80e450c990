import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { AuthHeader } from '../components/auth-header';
import { TwoFactorForm } from '../components/two-factor-form';

/** /login/2fa?tempToken: the code step of a two-factor login (no social logins here). */
export function TwoFactorRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tempToken = params.get('tempToken') ?? '';

  return (
    <>
      <AuthHeader title={t('com_auth_verify_your_identity')} description={t('com_auth_two_factor')} />
      {tempToken ? <TwoFactorForm tempToken={tempToken} /> : <Alert>{t('com_auth_2fa_session_missing')}</Alert>}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.login.getHref()} className={TEXT_LINK_CLASSES}>
          {t('com_auth_back_to_login')}
        </Link>
      </p>
    </>
  );
}
