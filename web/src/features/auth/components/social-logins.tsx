import type { SocialProvider, StartupConfig } from '@contract/config';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { enabledSocialProviders } from '../utils/social-providers';
import { SOCIAL_ICONS } from './social-icons';

const LABEL_KEY: Record<SocialProvider, TranslationKey> = {
  openid: 'com_auth_openid_login',
  github: 'com_auth_github_login',
  google: 'com_auth_google_login',
  discord: 'com_auth_discord_login',
  facebook: 'com_auth_facebook_login',
  apple: 'com_auth_apple_login',
};

/** Links to `{serverDomain}/oauth/{provider}`, under an "Or" divider when the email form is shown too. */
export function SocialLogins({ config }: { config: StartupConfig }) {
  const { t } = useTranslation();
  const providers = enabledSocialProviders(config);
  if (providers.length === 0) return null;

  return (
    <div className="mt-6">
      {config.emailLoginEnabled && (
        <div className="mb-6 flex items-center gap-3 text-xs font-medium tracking-wide text-text-tertiary uppercase">
          <span className="h-px flex-1 bg-border-light" />
          {t('com_auth_or')}
          <span className="h-px flex-1 bg-border-light" />
        </div>
      )}
      <ul className="flex flex-col gap-3">
        {providers.map((provider) => {
          const isOpenId = provider === 'openid';
          const label = isOpenId && config.openidLabel ? config.openidLabel : t(LABEL_KEY[provider]);
          const icon =
            isOpenId && config.openidImageUrl ? (
              <img src={config.openidImageUrl} alt="" className="size-5 shrink-0 object-contain" />
            ) : (
              SOCIAL_ICONS[provider]
            );
          return (
            <li key={provider}>
              <a
                href={`${config.serverDomain}/oauth/${provider}`}
                data-provider={provider}
                className="flex w-full items-center justify-center gap-3 rounded-lg border border-border-medium bg-surface-input px-4 py-2.5 text-sm font-medium text-text-primary transition hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
              >
                {icon}
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
