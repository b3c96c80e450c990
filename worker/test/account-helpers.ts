import { vi } from 'vitest';
import type { EnvVars } from '../env';
import { callApp } from './helpers';

/** Email configured, pointing at a fake API that {@link captureEmails} answers. */
export const EMAIL_API_URL = 'https://email-api.test/v1/email';
export const EMAIL_ENV: EnvVars = {
  EMAIL_API_URL,
  EMAIL_API_KEY: 'test-email-key',
  EMAIL_FROM: 'noreply@app.test',
  EMAIL_FROM_NAME: 'EdgeChat Mailer',
  APP_TITLE: 'EdgeChat Test',
};

/** A fresh client IP per test, so per-IP limits never leak between tests of one file. */
export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

export interface CallOptions {
  ip?: string;
  cookie?: string;
  token?: string;
  vars?: EnvVars;
}

/** A JSON POST (or another method) as a browser would send it. */
export function send(path: string, body: unknown, options: CallOptions = {}, method = 'POST'): Promise<Response> {
  const headers: Record<string, string> = { 'cf-connecting-ip': options.ip ?? randomIp() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return callApp(
    path,
    { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
    options.vars ?? {},
  );
}

/** Every Set-Cookie header of a response (workerd's `getAll` keeps them apart). */
export function setCookies(res: Response): string[] {
  return res.headers.getAll('set-cookie');
}

/** The `refreshToken=…` pair a response sets, or undefined. */
export function refreshCookieOf(res: Response): string | undefined {
  const header = setCookies(res).find((cookie) => cookie.startsWith('refreshToken='));
  const pair = header?.split(';')[0];
  return pair && pair !== 'refreshToken=' ? pair : undefined;
}

/** Whether the response tells the browser to drop the refresh cookie. */
export function clearsRefreshCookie(res: Response): boolean {
  return setCookies(res).some(
    (cookie) => cookie.startsWith('refreshToken=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie),
  );
}

export interface CapturedEmail {
  authorization: string | null;
  body: { from: { email: string; name: string }; to: { email: string }[]; subject: string; text: string; html: string };
}

/**
 * Replaces `fetch` for the test: requests to the fake email API are recorded and answered
 * with `status`; anything else fails the test. Restore with `vi.restoreAllMocks()`.
 */
export function captureEmails(status = 202): CapturedEmail[] {
  const sent: CapturedEmail[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== EMAIL_API_URL) throw new Error(`unexpected outbound request to ${request.url}`);
    sent.push({ authorization: request.headers.get('authorization'), body: await request.json() });
    return new Response(status < 300 ? '{"id":"queued"}' : '{"error":"boom"}', { status });
  });
  return sent;
}

/** The query parameters of the one app link in an email's text part. */
export function linkParams(email: CapturedEmail | undefined): { url: URL; params: URLSearchParams } {
  const match = email?.body.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the email');
  const url = new URL(match[0]);
  return { url, params: url.searchParams };
}

/** Median duration of `runs` sequential calls, in ms. */
export async function medianMs(runs: number, call: () => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  return durations[Math.floor(durations.length / 2)] ?? 0;
}
