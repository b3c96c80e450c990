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
import { measureHotPathCpu } from './bench/hot-path-cpu';
import { measureRouteJs } from './bench/route-js';
import { measureTtft } from './bench/ttft';
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
/** Time to first token the app may add over the provider's own (ms). */
const TTFT_ADDED_BUDGET_MS = 10;
/** CPU of the worker + DO hot path per 1,000-token reply (ms). */
const HOT_PATH_CPU_BUDGET_MS = 20;

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

async function ttftFigures(): Promise<Figure[]> {
  const f = await measureTtft({ runs: 30 });
  const added = f.appMs - f.directMs;
  return [
    { what: `TTFT, mock provider called directly (median of ${f.runs})`, value: `${f.directMs.toFixed(1)} ms`, budget: '', over: false },
    { what: `TTFT via POST /api/ask on wrangler dev (median of ${f.runs})`, value: `${f.appMs.toFixed(1)} ms`, budget: '', over: false },
    { what: 'TTFT added by the app (difference of the medians)', value: `${added.toFixed(1)} ms`, budget: `≤ ${TTFT_ADDED_BUDGET_MS} ms`, over: added > TTFT_ADDED_BUDGET_MS },
  ];
}

async function hotPathCpuFigures(): Promise<Figure[]> {
  const f = await measureHotPathCpu({ runs: 20 });
  return [
    {
      what: `CPU per ${f.deltas.toLocaleString('en')}-token reply, provider parse + DO frames (in Node, hot path only; median of ${f.runs})`,
      value: `${f.medianMs.toFixed(1)} ms`,
      budget: `≤ ${HOT_PATH_CPU_BUDGET_MS} ms`,
      over: f.medianMs > HOT_PATH_CPU_BUDGET_MS,
    },
  ];
}

function printTable(figures: readonly Figure[]): void {
  const width = Math.max(...figures.map((f) => f.what.length));
  for (const f of figures) {
    console.log(`${f.what.padEnd(width)}  ${f.value.padStart(14)}  ${f.budget.padEnd(10)}${f.over ? '  OVER BUDGET' : ''}`);
  }
}

async function main(): Promise<void> {
  // Route JS first: it builds web/dist, which the TTFT run serves without building again.
  const figures = [...(await routeJsFigures()), ...(await rowsReadFigures()), ...(await ttftFigures()), ...(await hotPathCpuFigures())];
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
