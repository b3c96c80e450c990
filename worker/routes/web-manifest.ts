import { Hono } from 'hono';
import { WEB_MANIFEST_PATH } from '../contract/pwa';
import type { AppEnv } from '../env';
import { DEFAULT_APP_TITLE } from '../services/startup-config';

/** The app's dark background (web/src/index.css): the theme a user gets unless the system prefers light. */
const DARK_SURFACE = '#0d0d0d';

const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${file}-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

/** The web app manifest: what a browser needs to install the app and open it in its own window. */
export function webManifest(appTitle: string) {
  return {
    // A stable identity, so renaming the app (or moving start_url) updates the installed app
    // rather than making it another one.
    id: '/',
    name: appTitle,
    short_name: appTitle,
    start_url: '/c/new',
    scope: '/',
    display: 'standalone',
    // The splash screen and title bar before the page paints its own (index.html's theme-color
    // tags then follow the system's light or dark preference).
    background_color: DARK_SURFACE,
    theme_color: DARK_SURFACE,
    icons: [
      icon('icon', 192, 'any'),
      icon('icon', 512, 'any'),
      icon('maskable', 192, 'maskable'),
      icon('maskable', 512, 'maskable'),
    ],
  };
}

/**
 * `GET /manifest.webmanifest`, answered by the Worker rather than built, because its name is the
 * deployment's APP_TITLE. Browsers re-read it now and then to update an installed app; an hour
 * of caching keeps that cheap while a rename still shows the same day.
 */
export const webManifestRoute = new Hono<AppEnv>().get(WEB_MANIFEST_PATH, (c) =>
  c.body(JSON.stringify(webManifest(c.env.APP_TITLE || DEFAULT_APP_TITLE)), 200, {
    'content-type': 'application/manifest+json; charset=utf-8',
    'cache-control': 'public, max-age=3600',
  }),
);
