import { describe, expect, it } from 'vitest';
import enUS from '@/locales/en-US/translation.json';
import { OFFLINE_PAGE_STYLE, offlineResponse, pickOfflineLanguage, renderOfflinePage } from './offline-page';

const english = { title: enUS.com_ui_offline_title, body: enUS.com_ui_offline_body, retry: enUS.com_ui_offline_retry };
const german = { title: 'Offline', body: 'Keine Verbindung.', retry: 'Erneut versuchen' };
const table = { 'en-US': english, 'de-DE': german, 'ar-EG': { title: 'غير متصل', body: '…', retry: 'إعادة' } };

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('pickOfflineLanguage', () => {
  it('takes the first requested language the table has, by code then by base language', () => {
    expect(pickOfflineLanguage(table, ['de-DE', 'en-US'])).toBe('de-DE');
    expect(pickOfflineLanguage(table, ['de-AT'])).toBe('de-DE');
    expect(pickOfflineLanguage(table, ['fr-FR', 'de'])).toBe('de-DE');
  });

  it('falls back to en-US', () => {
    expect(pickOfflineLanguage(table, ['fr-FR'])).toBe('en-US');
    expect(pickOfflineLanguage(table, [])).toBe('en-US');
  });
});

describe('renderOfflinePage', () => {
  it('says the app is offline, in en-US, with a retry button', () => {
    const page = parse(renderOfflinePage(new URL('https://app.test/c/new'), 'en-US', english));
    expect(page.documentElement.lang).toBe('en-US');
    expect(page.documentElement.dir).toBe('ltr');
    expect(page.title).toBe("You're offline");
    expect(page.querySelector('h1')?.textContent).toBe("You're offline");
    expect(page.querySelector('p')?.textContent).toBe(enUS.com_ui_offline_body);
    expect(page.querySelector('button')?.textContent).toBe('Try again');
    expect(page.querySelector('script')).toBeNull();
  });

  it('retries the very address asked for, path and query, by a GET form', () => {
    const url = new URL('https://app.test/c/new?endpoint=openAI&model=gpt-4o&q=a%22b');
    const form = parse(renderOfflinePage(url, 'en-US', english)).querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/c/new');
    const fields = [...(form?.querySelectorAll('input[type="hidden"]') ?? [])].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ]);
    expect(fields).toEqual([
      ['endpoint', 'openAI'],
      ['model', 'gpt-4o'],
      ['q', 'a"b'],
    ]);
  });

  it('escapes what comes from the address', () => {
    const html = renderOfflinePage(new URL('https://app.test/c/new?x="><script>alert(1)</script>'), 'en-US', english);
    expect(parse(html).querySelector('script')).toBeNull();
  });

  it('writes right-to-left languages right to left', () => {
    const page = parse(renderOfflinePage(new URL('https://app.test/'), 'ar-EG', table['ar-EG']));
    expect(page.documentElement.dir).toBe('rtl');
  });
});

describe('offlineResponse', () => {
  it('is never stored and allows only its own style and a form back to the app', async () => {
    const response = await offlineResponse(new URL('https://app.test/c/new'), 'en-US', english);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(OFFLINE_PAGE_STYLE)));
    expect(csp).toContain(`style-src 'sha256-${btoa(String.fromCharCode(...digest))}'`);
    expect(await response.text()).toContain(`<style>${OFFLINE_PAGE_STYLE}</style>`);
  });
});
