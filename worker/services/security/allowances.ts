import type { EnvVars } from '../../env';
import type { AppConfig } from '../config/schema';
import type { CspAllowances } from './policy';

/** Turnstile's script and its challenge frame both come from this origin. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The origin of an http(s) URL, or nothing. Relative icon paths are the app's own, and a
 * value that is not a plain origin must never reach the header (a `;` would add a directive).
 */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A comma- or space-separated list of origins from a variable (CSP_IMG_ORIGINS, …). */
function originList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).flatMap((entry) => originOf(entry) ?? []);
}

const unique = (values: (string | undefined)[]) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/**
 * What the app's CSP must allow beyond its own origin, derived from what is configured: the
 * `iconURL` hosts of the custom endpoints and model specs in librechat.yaml, the OpenID button's
 * image, Turnstile when librechat.yaml enables it, plus anything the operator lists in
 * CSP_IMG_ORIGINS, CSP_SCRIPT_ORIGINS and CSP_FRAME_ORIGINS.
 */
export function cspAllowances(env: EnvVars, config: AppConfig): CspAllowances {
  const icons = [
    ...(config.endpoints?.custom ?? []).map((endpoint) => endpoint.iconURL),
    ...(config.modelSpecs?.list ?? []).map((spec) => spec.iconURL),
    env.OPENID_IMAGE_URL,
  ].map(originOf);
  const turnstile = config.turnstile ? [TURNSTILE_ORIGIN] : [];
  return {
    img: unique([...icons, ...originList(env.CSP_IMG_ORIGINS)]),
    script: unique([...turnstile, ...originList(env.CSP_SCRIPT_ORIGINS)]),
    frame: unique([...turnstile, ...originList(env.CSP_FRAME_ORIGINS)]),
  };
}
