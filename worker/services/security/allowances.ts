import { SOCIAL_PROVIDERS, type SocialProvider } from '../../contract/config';
import type { EnvVars } from '../../env';
import type { AppConfig } from '../config/schema';
import { isSocialProviderConfigured } from '../social-logins';
import type { CspAllowances } from './policy';

/** Turnstile's script and its challenge frame both come from this origin. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * Where each social provider hosts the profile pictures it hands over (the account's avatar).
 * OpenID providers differ: their picture host goes in CSP_IMG_ORIGINS.
 */
const PROVIDER_AVATAR_ORIGINS: Record<SocialProvider, readonly string[]> = {
  github: ['https://avatars.githubusercontent.com'],
  google: ['https://*.googleusercontent.com'],
  discord: ['https://cdn.discordapp.com'],
  facebook: ['https://*.fbsbx.com', 'https://*.fbcdn.net'],
  apple: [],
  openid: [],
};

const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i;

/**
 * The origin of an http(s) URL, or nothing. Relative icon paths are the app's own, and a
 * value that is not a plain origin must never reach the header (a `;` would add a directive).
 */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const { origin } = new URL(value.trim());
    // URL parsing lets `;` and `'` through in a host; a CSP source must be a plain origin.
    return PLAIN_ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A comma- or space-separated list of origins from a variable (CSP_IMG_ORIGINS, …); `https:`
 * alone stands for every https host, for an operator who wants any image a reply links to.
 */
function originList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).flatMap((entry) => (entry === 'https:' ? [entry] : (originOf(entry) ?? [])));
}

const unique = (values: (string | undefined)[]) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/**
 * What the app's CSP must allow beyond its own origin, derived from what is configured: the
 * `iconURL` hosts of the custom endpoints and model specs in librechat.yaml, the OpenID button's
 * image, the picture hosts of the configured social logins, Turnstile when librechat.yaml
 * enables it, plus anything the operator lists in CSP_IMG_ORIGINS, CSP_SCRIPT_ORIGINS and
 * CSP_FRAME_ORIGINS. Images a model writes into a reply are not among them: an image URL is a
 * way out for whatever a prompt injection gathered, so other hosts stay blocked unless the
 * operator opens them (CSP_IMG_ORIGINS=https: opens all).
 */
export function cspAllowances(env: EnvVars, config: AppConfig): CspAllowances {
  const icons = [
    ...(config.endpoints?.custom ?? []).map((endpoint) => endpoint.iconURL),
    ...(config.modelSpecs?.list ?? []).map((spec) => spec.iconURL),
    env.OPENID_IMAGE_URL,
  ].map(originOf);
  const avatars = SOCIAL_PROVIDERS.filter((provider) => isSocialProviderConfigured(provider, env)).flatMap(
    (provider) => PROVIDER_AVATAR_ORIGINS[provider],
  );
  const turnstile = config.turnstile ? [TURNSTILE_ORIGIN] : [];
  return {
    img: unique([...icons, ...avatars, ...originList(env.CSP_IMG_ORIGINS)]),
    script: unique([...turnstile, ...originList(env.CSP_SCRIPT_ORIGINS)]),
    frame: unique([...turnstile, ...originList(env.CSP_FRAME_ORIGINS)]),
  };
}
