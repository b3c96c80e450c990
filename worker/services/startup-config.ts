import { INSTANCE_PROJECT_ID } from '../contract/agents';
import { INTERFACE_TOGGLES, type InterfaceConfig, type StartupConfig } from '../contract/config';
import type { EnvVars } from '../env';
import type { AppConfig } from './config/schema';
import { enabledUnlessFalse, isTrue } from './env-flags';
import { isSocialProviderConfigured, listedSocialProviders } from './social-logins';

export const DEFAULT_APP_TITLE = 'EdgeChat';
/** The avatar limit (2 MB) when the config's fileConfig does not set one. */
export const DEFAULT_AVATAR_SIZE_LIMIT_BYTES = 2 * 1024 * 1024;

const BYTES_PER_MB = 1024 * 1024;

/** Whether the outgoing email API is configured (see the README's email section). */
export function isEmailConfigured(env: EnvVars): boolean {
  return Boolean(env.EMAIL_API_URL && env.EMAIL_API_KEY && env.EMAIL_FROM);
}

function withInterfaceDefaults(config: InterfaceConfig): InterfaceConfig {
  const result: InterfaceConfig = { ...config };
  for (const toggle of INTERFACE_TOGGLES) result[toggle] = config[toggle] ?? true;
  return result;
}

/** LibreChat shows its birthday icon on its birthday, February 11th, unless told otherwise. */
function showBirthdayIcon(env: EnvVars, now: Date): boolean {
  if (env.SHOW_BIRTHDAY_ICON !== undefined) return isTrue(env.SHOW_BIRTHDAY_ICON);
  return now.getUTCMonth() === 1 && now.getUTCDate() === 11;
}

/**
 * `GET /api/config`: the public startup configuration, derived from the app config and the
 * environment. `origin` is the request's origin, the server domain when `DOMAIN_SERVER` is
 * not set (the SPA and API share one origin).
 */
export function buildStartupConfig(config: AppConfig, env: EnvVars, origin: string, now = new Date()): StartupConfig {
  const socialLoginEnabled = isTrue(env.ALLOW_SOCIAL_LOGIN);
  const enabled = (provider: Parameters<typeof isSocialProviderConfigured>[0]) =>
    isSocialProviderConfigured(provider, env);
  const emailEnabled = isEmailConfigured(env);
  const sharedLinksEnabled = enabledUnlessFalse(env.ALLOW_SHARED_LINKS);
  const avatarLimitMb = config.fileConfig?.avatarSizeLimit;

  return {
    appTitle: env.APP_TITLE || DEFAULT_APP_TITLE,
    socialLogins: listedSocialProviders(config.registration.socialLogins),
    discordLoginEnabled: enabled('discord'),
    facebookLoginEnabled: enabled('facebook'),
    githubLoginEnabled: enabled('github'),
    googleLoginEnabled: enabled('google'),
    appleLoginEnabled: enabled('apple'),
    openidLoginEnabled: enabled('openid'),
    openidLabel: env.OPENID_BUTTON_LABEL || 'Continue with OpenID',
    openidImageUrl: env.OPENID_IMAGE_URL || '',
    openidAutoRedirect: isTrue(env.OPENID_AUTO_REDIRECT),
    serverDomain: env.DOMAIN_SERVER || origin,
    emailLoginEnabled: enabledUnlessFalse(env.ALLOW_EMAIL_LOGIN),
    // On unless switched off: a fresh deployment must let its first user (the admin) register.
    registrationEnabled: enabledUnlessFalse(env.ALLOW_REGISTRATION),
    socialLoginEnabled,
    emailEnabled,
    // Without email, a reset link is returned in the response when the operator allows it.
    passwordResetEnabled: emailEnabled || isTrue(env.ALLOW_PASSWORD_RESET),
    showBirthdayIcon: showBirthdayIcon(env, now),
    helpAndFaqURL: env.HELP_AND_FAQ_URL || '/help',
    interface: withInterfaceDefaults(config.interface),
    ...(config.modelSpecs ? { modelSpecs: config.modelSpecs } : {}),
    balance: config.balance,
    sharedLinksEnabled,
    publicSharedLinksEnabled: sharedLinksEnabled && enabledUnlessFalse(env.ALLOW_SHARED_LINKS_PUBLIC),
    ...(env.ANALYTICS_GTM_ID ? { analyticsGtmId: env.ANALYTICS_GTM_ID } : {}),
    instanceProjectId: INSTANCE_PROJECT_ID,
    avatarSizeLimit:
      avatarLimitMb !== undefined ? Math.round(avatarLimitMb * BYTES_PER_MB) : DEFAULT_AVATAR_SIZE_LIMIT_BYTES,
    ...(env.CUSTOM_FOOTER ? { customFooter: env.CUSTOM_FOOTER } : {}),
    // The site key and the widget's look only: the secret lives in TURNSTILE_SECRET_KEY.
    ...(config.turnstile
      ? { turnstile: { siteKey: config.turnstile.siteKey, options: config.turnstile.options } }
      : {}),
  };
}
