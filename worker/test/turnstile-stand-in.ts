/**
 * A stand-in for Turnstile's siteverify on a loopback address, for the worker tests: the app is
 * pointed at it with TURNSTILE_VERIFY_URL, exactly as an operator would point it elsewhere, and
 * the test decides each answer. workerd cannot listen on a port inside a test, so the outbound
 * fetch to that address is answered in-process by the handler (requests to anything else fail).
 */
import { vi } from 'vitest';
import type { EnvVars } from '../env';
import { handlerFetch } from './mock-tools/handler-fetch';

const STAND_IN_ORIGIN = 'http://127.0.0.1:9787';
export const STAND_IN_VERIFY_URL = `${STAND_IN_ORIGIN}/turnstile/v0/siteverify`;
export const TEST_TURNSTILE_SECRET = 'test-turnstile-secret';
/** A token the stand-in accepts when told to pass. */
export const GOOD_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Turnstile configured: the secret set and siteverify at the stand-in. */
export const TURNSTILE_ENV: EnvVars = {
  TURNSTILE_SECRET_KEY: TEST_TURNSTILE_SECRET,
  TURNSTILE_VERIFY_URL: STAND_IN_VERIFY_URL,
};

/** The librechat.yaml section that turns the captcha on. */
export const TURNSTILE_YAML = `version: 1.2.5
turnstile:
  siteKey: 1x00000000000000000000AA
  options: { language: de, size: compact }
`;

/** How the stand-in answers: a siteverify JSON body, a raw Response, or a failure of the connection. */
export type StandInAnswer = { success: boolean; 'error-codes'?: string[] } | Response | 'network-error' | 'never';

export interface SiteverifyStandIn {
  /** The form fields of every verification request, oldest first. */
  forms: URLSearchParams[];
  /** Every request's content type. */
  contentTypes: (string | null)[];
}

/** Answers siteverify with `answer` for the rest of the test (vi.restoreAllMocks ends it). */
export function standInSiteverify(answer: StandInAnswer): SiteverifyStandIn {
  const seen: SiteverifyStandIn = { forms: [], contentTypes: [] };
  const net = handlerFetch({
    [STAND_IN_ORIGIN]: async (request) => {
      seen.contentTypes.push(request.headers.get('content-type'));
      const fields = new URLSearchParams();
      for (const [name, value] of await request.formData()) fields.append(name, String(value));
      seen.forms.push(fields);
      if (answer === 'network-error') throw new TypeError('Network connection lost');
      // A siteverify that accepts the connection and never answers: only the caller's timeout ends it.
      if (answer === 'never') return new Promise<Response>(() => {});
      if (answer instanceof Response) return answer;
      return Response.json(answer);
    },
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => net.fetch(input, init));
  return seen;
}
