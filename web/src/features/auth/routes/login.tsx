import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { AuthHeader } from '../components/auth-header';
import { LoginForm } from '../components/login-form';
import { SocialLoginsSlot } from '../components/social-logins-slot';
import { useOpenIdAutoRedirect } from '../hooks/use-openid-auto-redirect';
import { oauthErrorKey } from '../utils/oauth-error';

/**
 * /login: email/password (when enabled), sign-up link, social logins, OpenID auto-redirect,
 * and why a social login just failed (`?error=<code>`).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const { data: config, isError } = useStartupConfig();
  const redirecting = useOpenIdAutoRedirect(config);
  const oauthError = oauthErrorKey(useSearchParams()[0].get('error'));

  return (
    <>
      <AuthHeader title={t('com_auth_welcome_back')} />
      {isError && <Alert className="mb-5">{t('com_auth_error_login_server')}</Alert>}
      {oauthError && <Alert className="mb-5">{t(oauthError)}</Alert>}
      {!config && !isError && (
        <div className="flex justify-center py-6 text-text-secondary">
          <Spinner className="size-6" />
        </div>
      )}
      {config && redirecting && (
        <p role="status" className="flex items-center justify-center gap-3 py-4 text-sm text-text-secondary">
          <Spinner />
          {t('com_auth_redirecting_to_provider', { provider: config.openidLabel || 'OpenID' })}
        </p>
      )}
      {config && !redirecting && (
        <>
          {config.emailLoginEnabled && (
            <LoginForm passwordResetEnabled={config.passwordResetEnabled} turnstile={config.turnstile} />
          )}
          {config.registrationEnabled && (
            <p className="mt-6 text-center text-sm text-text-secondary">
              {t('com_auth_no_account')}{' '}
              <Link to={paths.auth.register.getHref()} className={TEXT_LINK_CLASSES}>
                {t('com_auth_sign_up')}
              </Link>
            </p>
          )}
          <SocialLoginsSlot config={config} />
        </>
      )}
    </>
  );
}
