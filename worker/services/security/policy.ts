/**
 * The security headers of every kind of response the app sends, decided here and nowhere else.
 * The middleware (worker/middleware/security-headers.ts) applies them to what the Worker
 * answers; the build writes the static-asset ones into the assets' `_headers` file
 * (web/vite.config.ts), for the hashed bundles the assets layer serves without the Worker.
 */

/**
 * - `document`: the SPA's HTML (every app page), with the app's CSP;
 * - `share`: the server-rendered share pages, with a stricter CSP;
 * - `api`: JSON, event streams and any other data the API answers;
 * - `image`: stored images served back (avatars);
 * - `download`: a stored file sent as an attachment;
 * - `redirect`: the OAuth hand-offs to and from a provider;
 * - `asset`: the hashed scripts, styles and fonts of the build;
 * - `worker`: the service worker's script, whose policy is the worker's own (see WORKER_CSP).
 */
export type ResponseKind = 'document' | 'share' | 'api' | 'image' | 'download' | 'redirect' | 'asset' | 'worker';

/** Where browsers post CSP violation reports (worker/routes/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API's name for that endpoint (`report-to`, `Reporting-Endpoints`). */
const REPORT_GROUP = 'csp';

/** Origins an operator or the config adds to the app's CSP (see README, "Content Security Policy"). */
export interface CspAllowances {
  /** Images shown from other hosts: endpoint and model spec `iconURL`s, `OPENID_IMAGE_URL`, CSP_IMG_ORIGINS. */
  img: readonly string[];
  /** Scripts from other hosts, e.g. Turnstile's challenges.cloudflare.com (CSP_SCRIPT_ORIGINS). */
  script: readonly string[];
  /** Frames the app may embed, e.g. Turnstile's challenge (CSP_FRAME_ORIGINS). */
  frame: readonly string[];
}

export const NO_ALLOWANCES: CspAllowances = { img: [], script: [], frame: [] };

export interface HeaderContext {
  /** The request's URL: HSTS only over https, and never for a local host. */
  url: URL;
  allowances?: CspAllowances;
  /** `'sha256-…'` sources of the inline `<style>` elements of a share page. */
  shareStyleHashes?: readonly string[];
}

type Directives = Record<string, readonly string[]>;

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * What every policy of a page shares: nothing by default, never framed, no plugins; the app's
 * own manifest and service worker (named outright: worker-src would otherwise fall back to
 * script-src, which may list another host's scripts).
 */
const PAGE_BASE: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
};

const reportDirectives = (url: URL): Directives => ({
  'report-uri': [new URL(CSP_REPORT_PATH, url).href],
  'report-to': [REPORT_GROUP],
});

/**
 * Styles: `<style>` elements only from the app's own stylesheets (style-src-elem), but style
 * attributes allowed (style-src-attr 'unsafe-inline'). KaTeX sizes and places every glyph with
 * inline `style` attributes in the HTML it renders, and the server-rendered share page styles a
 * few elements the same way; nothing else needs it (React's `style` props are set through the
 * CSSOM, which CSP does not govern; highlight.js only uses classes; html-to-image builds its
 * copy of the page inside an image, outside this document). style-src keeps 'unsafe-inline'
 * for browsers without the -elem/-attr directives, which fall back to it.
 */
const styleDirectives = (elementSources: readonly string[]): Directives => ({
  'style-src': ["'self'", "'unsafe-inline'"],
  'style-src-elem': ["'self'", ...elementSources],
  'style-src-attr': ["'unsafe-inline'"],
});

/** The app's pages. No inline scripts: the theme script that runs before paint is a file. */
export function appCsp(url: URL, allowances: CspAllowances = NO_ALLOWANCES): string {
  return serialise({
    ...PAGE_BASE,
    // The PNG export (html-to-image) resolves a stylesheet's font URLs with a <base> in a
    // scratch document, which inherits this policy; the app's own origin is all it needs.
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...allowances.script],
    ...styleDirectives([]),
    // data: and blob: for the avatar crop, pasted or generated previews and the PNG export.
    'img-src': ["'self'", 'data:', 'blob:', ...allowances.img],
    // KaTeX's small fonts are inlined into the stylesheet by the build.
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    ...(allowances.frame.length ? { 'frame-src': allowances.frame } : {}),
    'form-action': ["'self'"],
    ...reportDirectives(url),
  });
}

/**
 * A share page is read by people who may never have used the app: the SPA still takes it over
 * (scripts and API calls to the app's origin), but it posts no forms, plays and records nothing,
 * embeds no frames and shows no blob: previews, and its two `<style>` elements are pinned by hash.
 */
export function shareCsp(url: URL, styleHashes: readonly string[], allowances: CspAllowances = NO_ALLOWANCES): string {
  return serialise({
    ...PAGE_BASE,
    'script-src': ["'self'"],
    ...styleDirectives(styleHashes),
    'img-src': ["'self'", 'data:', ...allowances.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'form-action': ["'none'"],
    ...reportDirectives(url),
  });
}

/** Anything that is not a page: if a browser ever renders it as one, it may do nothing. */
const INERT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * The service worker's script: a worker runs under the policy its script was served with, and
 * its fetches (the app's pages and files it caches and passes on) are held to connect-src. It
 * loads nothing else and imports no scripts.
 */
const WORKER_CSP = `${INERT_CSP}; connect-src 'self'`;
/** Stored bytes opened directly: also sandboxed, so even a disguised document has no origin. */
const SANDBOXED_CSP = `${INERT_CSP}; sandbox`;

/**
 * Powerful features the app does not use are switched off; dictation keeps the microphone.
 * Only names Chromium recognises: an unknown one is reported as an error in every page's console.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
const permissionsPolicy = (microphone: 'self' | 'none') =>
  [`microphone=${microphone === 'self' ? '(self)' : '()'}`, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(
    ', ',
  );

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A year; without includeSubDomains, which would bind the operator's other hosts too. */
const HSTS = 'max-age=31536000';

/** Only a production (https, non-local) answer tells the browser to insist on https. */
export function usesHsts(url: URL): boolean {
  return url.protocol === 'https:' && !LOCAL_HOSTS.has(url.hostname) && !url.hostname.endsWith('.localhost');
}

/** Headers that every response carries, whatever its kind. */
function commonHeaders(url: URL): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(usesHsts(url) ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Headers of a page (the app or a share page). */
function pageHeaders(url: URL, csp: string, microphone: 'self' | 'none'): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Reporting-Endpoints': `${REPORT_GROUP}="${new URL(CSP_REPORT_PATH, url).href}"`,
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': permissionsPolicy(microphone),
  };
}

/** The security headers of a response of `kind`. */
export function securityHeaders(kind: ResponseKind, context: HeaderContext): Record<string, string> {
  const { url } = context;
  const common = commonHeaders(url);
  switch (kind) {
    case 'document':
      return { ...common, ...pageHeaders(url, appCsp(url, context.allowances), 'self') };
    case 'share':
      return {
        ...common,
        ...pageHeaders(url, shareCsp(url, context.shareStyleHashes ?? [], context.allowances), 'none'),
      };
    case 'api':
      return { ...common, 'Content-Security-Policy': INERT_CSP, 'X-Frame-Options': 'DENY' };
    case 'image':
    case 'download':
      return {
        ...common,
        'Content-Security-Policy': SANDBOXED_CSP,
        'X-Frame-Options': 'DENY',
        // Only the app's own pages may embed or fetch them.
        'Cross-Origin-Resource-Policy': 'same-origin',
      };
    case 'redirect':
      return {
        ...common,
        'Content-Security-Policy': INERT_CSP,
        'X-Frame-Options': 'DENY',
        // A callback's address carries the provider's one-time code: pass it on to no one.
        'Referrer-Policy': 'no-referrer',
      };
    case 'worker':
      return { ...common, 'Content-Security-Policy': WORKER_CSP };
    case 'asset':
      return common;
  }
}

/**
 * The build's files that the assets layer serves without running the Worker (wrangler.toml
 * leaves them out of `run_worker_first`): the hashed bundles, and the two scripts every page runs
 * before the app (the theme before paint, the early session restore), hashed the same way by
 * web/head-scripts-plugin.ts. Scripts, styles and fonts need no page policy, so a Worker
 * invocation per file would only add cost.
 */
export const STATIC_ASSET_PATHS = ['/assets/*'] as const;

/**
 * Every file there carries a hash of its content in its name, so a browser may keep it for a year
 * without asking again. Without this the assets layer answers `max-age=0, must-revalidate`, and
 * every visit re-asks for each of the chat screen's chunks and for the head's scripts: a round
 * trip each, six at a time, before the screen can render.
 */
const HASHED_BUNDLE_CACHING = 'public, max-age=31536000, immutable';

/**
 * The `_headers` rules of those files. Production rules only: `_headers` cannot tell http from
 * https, so HSTS is left to the pages, where browsers learn it.
 */
export function staticAssetHeadersFile(): string {
  const headers = securityHeaders('asset', { url: new URL('http://localhost/') });
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  const rules = STATIC_ASSET_PATHS.flatMap((path) => [path, ...lines, `  Cache-Control: ${HASHED_BUNDLE_CACHING}`]);
  return rules.join('\n') + '\n';
}
