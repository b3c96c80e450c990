import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../../../web/e2e/browser';

export interface RouteVisit {
  route: string;
  /** Runs in the visit's fresh browser context before the page opens, e.g. to sign in. */
  prepare?: (context: BrowserContext) => Promise<void>;
}

export interface RouteJs {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** How long after the load event late lazy chunks may still arrive. */
const SETTLE_MS = 1_000;

/**
 * The JavaScript a real browser downloads to show `route`: every script response until the
 * page has loaded and the network settled, each gzip-compressed (level 9, as a CDN serves it).
 * Measured in Chromium rather than read from the build manifest, so lazy routes, preloads and
 * whatever the page fetches on start are all counted exactly as a visitor pays for them.
 * Each route gets a fresh context (empty cache, no cookies) unless its `prepare` adds some.
 * A visit that ends on another path (a guard redirected it) fails: its figure would be another
 * page's.
 */
export async function measureRouteJs(baseUrl: string, visits: readonly RouteVisit[]): Promise<RouteJs[]> {
  const browser = await launchBrowser();
  try {
    const results: RouteJs[] = [];
    for (const { route, prepare } of visits) {
      const context = await browser.newContext({ baseURL: baseUrl });
      try {
        await prepare?.(context);
        const page = await context.newPage();
        const bodies = new Map<string, Promise<Buffer>>();
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script' && response.ok())
            bodies.set(response.url(), response.body());
        });
        await page.goto(route, { waitUntil: 'networkidle' });
        await page.waitForTimeout(SETTLE_MS);
        const landed = new URL(page.url()).pathname;
        if (landed !== new URL(route, baseUrl).pathname) {
          throw new Error(
            `Measuring the JS of ${route}: the page ended on ${landed} instead, so the figure would be that page's.`,
          );
        }
        const buffers = await Promise.all(bodies.values());
        results.push({
          route,
          files: buffers.length,
          rawBytes: buffers.reduce((sum, body) => sum + body.length, 0),
          gzipBytes: buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
        });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}
