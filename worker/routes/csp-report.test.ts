import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApp } from '../test/helpers';
import { consoleLines } from '../test/console-lines';

const REPORT_URI_BODY = {
  'csp-report': {
    'document-uri': 'https://chat.example.com/login/2fa?tempToken=secret',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'blocked-uri': 'https://evil.example/x.js?k=1',
    disposition: 'enforce',
    'source-file': 'https://chat.example.com/assets/index.js',
    'line-number': 12,
    'column-number': 4,
    'original-policy': "default-src 'none'",
  },
};

const REPORTING_API_BODY = [
  {
    type: 'csp-violation',
    url: 'https://chat.example.com/c/new',
    body: {
      documentURL: 'https://chat.example.com/c/new',
      blockedURL: 'inline',
      effectiveDirective: 'style-src-elem',
      disposition: 'enforce',
      sample: '.x{color:red}',
    },
  },
  { type: 'deprecation', body: { id: 'x' } },
];

const post = (body: string, headers: Record<string, string>, vars = {}) =>
  callApp(
    '/api/csp-report',
    { method: 'POST', headers: { 'cf-connecting-ip': '198.51.100.7', ...headers }, body },
    vars,
  );

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM rate_limits'), env.DB.prepare('DELETE FROM bans')]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/csp-report', () => {
  it('logs a report-uri violation without credentials, dropping queries', async () => {
    let res: Response | undefined;
    const lines = await consoleLines(async () => {
      res = await post(JSON.stringify(REPORT_URI_BODY), { 'content-type': 'application/csp-report' });
    });
    expect(res?.status).toBe(204);
    expect(lines).toEqual([
      expect.objectContaining({
        method: 'warn',
        event: 'csp_violation',
        requestId: expect.any(String),
        documentUrl: 'https://chat.example.com/login/2fa',
        blockedUrl: 'https://evil.example/x.js',
        directive: 'script-src-elem',
        disposition: 'enforce',
        sourceFile: 'https://chat.example.com/assets/index.js',
        line: 12,
        column: 4,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs the csp-violation entries of a Reporting API batch', async () => {
    const lines = await consoleLines(() =>
      post(JSON.stringify(REPORTING_API_BODY), { 'content-type': 'application/reports+json' }),
    );
    expect(lines).toEqual([
      expect.objectContaining({ event: 'csp_violation', directive: 'style-src-elem', blockedUrl: 'inline' }),
    ]);
  });

  it('ignores what is not a report', async () => {
    const lines = await consoleLines(async () => {
      expect((await post('not json', { 'content-type': 'application/csp-report' })).status).toBe(204);
      expect((await post('{"a":1}', { 'content-type': 'application/json' })).status).toBe(204);
    });
    expect(lines).toEqual([]);
  });

  it('refuses a body over the size cap with 413, by its declared length or while reading', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const big = JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(20_000) } });
    expect((await post(big, { 'content-type': 'application/csp-report' })).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await callApp('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: stream,
      // @ts-expect-error: workerd's RequestInit takes `duplex` for a streamed body.
      duplex: 'half',
    });
    expect(res.status).toBe(413);
  });

  it('is rate limited per IP without counting toward a ban', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const vars = { CSP_REPORT_MAX: '2' };
    const body = JSON.stringify(REPORT_URI_BODY);
    const headers = { 'content-type': 'application/csp-report' };
    expect((await post(body, headers, vars)).status).toBe(204);
    expect((await post(body, headers, vars)).status).toBe(204);
    expect((await post(body, headers, vars)).status).toBe(429);
    const bans = await env.DB.prepare('SELECT COUNT(*) AS n FROM bans').first<{ n: number }>();
    expect(bans?.n).toBe(0);
  });
});
