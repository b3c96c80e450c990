import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../../../web/e2e/browser';

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
 */
export async function measureRouteJs(baseUrl: string, routes: readonly string[]): Promise<RouteJs[]> {
  const browser = await launchBrowser();
  try {
    const results: RouteJs[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      const bodies = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.ok()) bodies.set(response.url(), response.body());
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(SETTLE_MS);
      const buffers = await Promise.all(bodies.values());
      results.push({
        route,
        files: buffers.length,
        rawBytes: buffers.reduce((sum, body) => sum + body.length, 0),
        gzipBytes: buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
