/**
 * `npm run bench`: the performance figures the architecture budgets (ARCHITECTURE.md §5),
 * measured on real components — the built SPA in Chromium served by `wrangler dev`, and local
 * D1 through wrangler — never by timed tests. Prints one table; exits non-zero only when a
 * measurement could not be made (a figure over budget is reported, flagged, not hidden).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureListRowsRead } from './bench/d1-rows';
import { measureRouteJs } from './bench/route-js';
import { findFreePort } from './lib/net';
import { installSignalHandlers, isMainModule } from './lib/process';
import { startApp } from './start';

interface Figure {
  what: string;
  value: string;
  budget: string;
  over: boolean;
}

const KB = 1000;
/** JS budgets in gzip bytes (ARCHITECTURE.md §5). */
const LOGIN_JS_BUDGET = 150 * KB;
const CHAT_JS_BUDGET = 350 * KB;

async function routeJsFigures(): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-app-'));
  const app = await startApp({
    port: await findFreePort(),
    persistTo: path.join(dir, 'state'),
    envFile: path.join(dir, '.dev.vars'),
    stdio: 'pipe',
    build: true,
    onInvalidConfig: 'fail',
  });
  try {
    const measured = await measureRouteJs(app.url, ['/login', '/c/new']);
    return measured.map((m) => {
      const budget = m.route === '/login' ? LOGIN_JS_BUDGET : CHAT_JS_BUDGET;
      return {
        what: `JS loaded by ${m.route} (${m.files} files, ${(m.rawBytes / KB).toFixed(1)} KB raw)`,
        value: `${(m.gzipBytes / KB).toFixed(1)} KB gzip`,
        budget: `≤ ${budget / KB} KB`,
        over: m.gzipBytes > budget,
      };
    });
  } finally {
    await app.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function rowsReadFigures(): Promise<Figure[]> {
  return (await measureListRowsRead()).map((f) => ({
    what: `D1 rows read: ${f.what}`,
    value: String(f.rowsRead),
    budget: f.budget === undefined ? '' : `≤ ${f.budget}`,
    over: f.budget !== undefined && f.rowsRead > f.budget,
  }));
}

function printTable(figures: readonly Figure[]): void {
  const width = Math.max(...figures.map((f) => f.what.length));
  for (const f of figures) {
    console.log(`${f.what.padEnd(width)}  ${f.value.padStart(14)}  ${f.budget.padEnd(10)}${f.over ? '  OVER BUDGET' : ''}`);
  }
}

async function main(): Promise<void> {
  const figures = [...(await routeJsFigures()), ...(await rowsReadFigures())];
  console.log('');
  printTable(figures);
}

if (isMainModule(import.meta.url)) {
  installSignalHandlers();
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
