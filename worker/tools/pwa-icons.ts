/**
 * `npm run icons`: draws the installable app's icons (web/public/icons/*.png, named by the
 * manifest, worker/routes/web-manifest.ts) from the logo mark (web/src/components/ui/logo-mark.tsx),
 * rasterised by Chromium. Run it after changing the mark and commit the PNGs: the build copies
 * them as they are, so it needs no browser.
 * - `icon-*`: the mark as the app shows it, a rounded square on a transparent ground;
 * - `maskable-*`: the same bubble on a full square, which the platform crops to its own shape
 *   (circle, squircle); the bubble lies well inside the safe zone, the middle 80% circle.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../../web/e2e/browser';
import { REPO_ROOT } from './lib/paths';
import { isMainModule } from './lib/process';

/** The mark's accent: the theme's --ring-primary (light), as the app draws it. */
const ACCENT = '#0f9a77';
const SIZES = [192, 512] as const;
const OUT_DIR = path.join(REPO_ROOT, 'web/public/icons');

function markSvg(size: number, maskable: boolean): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="${size}" height="${size}" style="display:block">
<rect width="40" height="40" rx="${maskable ? 0 : 11}" fill="${ACCENT}"/>
<path d="M12 14.5A3.5 3.5 0 0 1 15.5 11h9a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5H20l-4.6 4.1a.8.8 0 0 1-1.4-.6V24a3.5 3.5 0 0 1-2-3.2Z" fill="white"/>
<circle cx="16.5" cy="17.5" r="1.3" fill="${ACCENT}"/><circle cx="20" cy="17.5" r="1.3" fill="${ACCENT}"/><circle cx="23.5" cy="17.5" r="1.3" fill="${ACCENT}"/>
</svg>`;
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const size of SIZES) {
      for (const maskable of [false, true]) {
        await page.setViewportSize({ width: size, height: size });
        await page.setContent(`<body style="margin:0;background:transparent">${markSvg(size, maskable)}</body>`);
        const png = await page.locator('svg').screenshot({ omitBackground: true });
        const file = path.join(OUT_DIR, `${maskable ? 'maskable' : 'icon'}-${size}.png`);
        await writeFile(file, png);
        console.log(`${path.relative(REPO_ROOT, file)} (${png.length} bytes)`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
