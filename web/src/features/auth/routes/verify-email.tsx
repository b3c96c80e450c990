import { Link, useSearchParams } from 'react-router-dom';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { AuthHeader } from '../components/auth-header';
import { EmailVerification } from '../components/email-verification';

/** /verify?token&email: the link from the verification email. */
export function VerifyEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();

  return (
    <>
      <AuthHeader title={t('com_auth_email_verification')} />
      <EmailVerification token={params.get('token') ?? ''} email={params.get('email') ?? ''} />
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.login.getHref()} className={TEXT_LINK_CLASSES}>
          {t('com_auth_back_to_login')}
        </Link>
      </p>
    </>
  );
}
