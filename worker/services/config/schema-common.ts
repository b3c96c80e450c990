import { z } from 'zod';
import { isEnvReference } from './env-reference';

/**
 * Building blocks shared by the config sections. Objects are plain `z.object`s, which strip
 * unknown keys instead of rejecting them: `librechat.yaml` files in the wild carry keys of
 * newer or older LibreChat versions, and refusing a whole config for one of them would keep
 * an operator's app on a stale config for no good reason.
 */

/** Config numbers are at least 0: limits, sizes, windows, timeouts, rates. */
export const nonNegativeNumber = () => z.number().min(0, { error: 'Must be 0 or more' });
export const nonNegativeInt = () =>
  z.number().int({ error: 'Must be a whole number' }).min(0, { error: 'Must be 0 or more' });

export const stringList = () => z.array(z.string());

/** A string → string map (HTTP headers, process environment). */
export const stringMap = () => z.record(z.string(), z.string());

/** Arbitrary JSON-ish values added to a provider request body (`addParams`). */
export const looseMap = () => z.record(z.string(), z.unknown());

/**
 * A string that is used as a regular expression (`supportedMimeTypes`). Checked here so a
 * broken pattern fails at push time instead of silently matching nothing at upload time.
 */
export const regexString = () =>
  z.string().superRefine((pattern, ctx) => {
    try {
      new RegExp(pattern);
    } catch {
      ctx.addIssue({ code: 'custom', message: `Invalid regular expression: ${pattern}` });
    }
  });

/**
 * A URL whose scheme is checked. A whole-value `${ENV_VAR}` reference is accepted unchecked:
 * its value is only known where the environment is, when the connection is made.
 */
export function checkedUrl(isAllowedProtocol: (protocol: string) => boolean, protocolMessage: string) {
  return z.string().superRefine((value, ctx) => {
    if (isEnvReference(value)) return;
    let protocol: string;
    try {
      protocol = new URL(value).protocol;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid URL' });
      return;
    }
    if (!isAllowedProtocol(protocol)) ctx.addIssue({ code: 'custom', message: protocolMessage });
  });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
