import { describe, expect, it } from 'vitest';
import type { EnvVars } from '../env';
import { callApp } from '../test/helpers';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

async function manifest(vars: EnvVars = {}) {
  const res = await callApp('/manifest.webmanifest', {}, vars);
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] } };
}

describe('GET /manifest.webmanifest', () => {
  it('names the app after APP_TITLE, as a manifest with a short cache', async () => {
    const { res, body } = await manifest({ APP_TITLE: 'Acme Chat' });
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(body.name).toBe('Acme Chat');
    expect(body.short_name).toBe('Acme Chat');
  });

  it('falls back to the default title', async () => {
    const { body } = await manifest({ APP_TITLE: '' });
    expect(body.name).toBe('EdgeChat');
  });

  it('opens a new chat in its own window, scoped to the whole app', async () => {
    const { body } = await manifest();
    expect(body).toMatchObject({
      id: '/',
      start_url: '/c/new',
      scope: '/',
      display: 'standalone',
      theme_color: '#0d0d0d',
      background_color: '#0d0d0d',
    });
  });

  it('lists 192 and 512 pixel PNG icons, plain and maskable', async () => {
    const { body } = await manifest();
    const described = body.icons.map((icon) => `${icon.purpose} ${icon.sizes} ${icon.type} ${icon.src}`);
    expect(described.sort()).toEqual([
      'any 192x192 image/png /icons/icon-192.png',
      'any 512x512 image/png /icons/icon-512.png',
      'maskable 192x192 image/png /icons/maskable-192.png',
      'maskable 512x512 image/png /icons/maskable-512.png',
    ]);
  });

  it('carries the inert policy of anything that is not a page', async () => {
    const { res } = await manifest();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
