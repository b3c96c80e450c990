/**
 * Stand-ins for Cloudflare Turnstile, which the test machine cannot reach:
 *
 * - a siteverify on 127.0.0.1 that the app is pointed at with TURNSTILE_VERIFY_URL. It is as strict
 *   as the real one where it matters: the secret must match, the token must be one the fake widget
 *   issued, and each token is accepted once (a second use is `timeout-or-duplicate`);
 * - a tiny `api.js` served in place of https://challenges.cloudflare.com/turnstile/v0/api.js by
 *   Playwright's routing, so the page loads "Cloudflare's" script from the real URL (and the CSP is
 *   tested with it). Its widget is a button that, pressed, hands the page a fresh token.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';

export const STAND_IN_SECRET = 'e2e-turnstile-secret';
/** Tokens the fake widget issues start with this; siteverify accepts only those. */
const TOKEN_PREFIX = 'e2e-turnstile-token-';
/** The accessible name of the fake widget's button. */
export const FAKE_WIDGET_BUTTON = 'Stand-in Turnstile: I am human';

export interface SiteverifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  contentType: string | undefined;
}

export interface SiteverifyStandIn {
  url: string;
  calls: SiteverifyCall[];
  close(): Promise<void>;
}

/** Starts the siteverify stand-in on a free loopback port. */
export async function startSiteverifyStandIn(): Promise<SiteverifyStandIn> {
  const calls: SiteverifyCall[] = [];
  const spent = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const call: SiteverifyCall = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
        contentType: request.headers['content-type'],
      };
      calls.push(call);
      const answer = (body: object) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/turnstile/v0/siteverify') {
        response.writeHead(404).end();
      } else if (call.secret !== STAND_IN_SECRET) {
        answer({ success: false, 'error-codes': ['invalid-input-secret'] });
      } else if (!call.response?.startsWith(TOKEN_PREFIX)) {
        answer({ success: false, 'error-codes': ['invalid-input-response'] });
      } else if (spent.has(call.response)) {
        answer({ success: false, 'error-codes': ['timeout-or-duplicate'] });
      } else {
        spent.add(call.response);
        answer({ success: true, 'error-codes': [], hostname: '127.0.0.1' });
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The fake `api.js`: `render` puts a button in the container and records its options on
 * `window.__turnstileRenders`; pressing it calls the page's callback with a new token (also kept
 * as `window.__lastTurnstileToken`); `reset`
 * makes the button pressable again; `execute` solves at once, as an invisible widget would.
 * Every token is new, so a reused one can only come from the page.
 */
const FAKE_API_JS = `(() => {
  let issued = 0;
  const widgets = new Map();
  window.__turnstileRenders = [];
  const solve = (widget) => {
    widget.button.setAttribute('aria-pressed', 'true');
    const token = ${JSON.stringify(TOKEN_PREFIX)} + (++issued) + '-' + Math.random().toString(36).slice(2);
    window.__lastTurnstileToken = token;
    widget.options.callback(token);
  };
  window.turnstile = {
    render(container, options) {
      const id = 'stand-in-' + (widgets.size + 1);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = ${JSON.stringify(FAKE_WIDGET_BUTTON)};
      button.setAttribute('aria-pressed', 'false');
      const widget = { button, options };
      button.addEventListener('click', () => solve(widget));
      container.append(button);
      widgets.set(id, widget);
      window.__turnstileRenders.push({ sitekey: options.sitekey, theme: options.theme, size: options.size, language: options.language });
      return id;
    },
    reset(id) { widgets.get(id)?.button.setAttribute('aria-pressed', 'false'); },
    execute(id) { const widget = widgets.get(id); if (widget) solve(widget); },
    remove(id) { widgets.get(id)?.button.remove(); widgets.delete(id); },
  };
})();`;

/** Serves the fake script at Cloudflare's address for every page of `context`; counts the loads. */
export async function routeTurnstileScript(context: BrowserContext): Promise<{ loads: () => number }> {
  let loads = 0;
  await context.route('https://challenges.cloudflare.com/turnstile/v0/api.js*', async (route) => {
    loads += 1;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_API_JS });
  });
  return { loads: () => loads };
}
