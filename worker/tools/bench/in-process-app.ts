/**
 * The app run inside this Node process, for latency benches: the Worker bundle `wrangler deploy`
 * would upload, run by the Miniflare that wrangler itself uses (the same workerd, the bindings of
 * wrangler.toml, local D1/KV/R2/Durable Object state prepared as `npm start` prepares it).
 *
 * What `wrangler dev` adds and this leaves out is its development proxy: a second workerd
 * process in front of the app that forwards every request and every streamed chunk (it holds
 * requests while the code reloads). Production has no such hop, so a latency measured through
 * it overstates what the app adds.
 *
 * For the same reason requests enter through a direct socket of the app rather than through
 * Miniflare's entry worker, a JavaScript worker that stands in for Cloudflare's front line
 * (it adds the `cf` object, serves Miniflare's own routes) and pipes every request and streamed
 * chunk once more: about 1 ms per request here. The static-assets router, which production
 * also runs in front of the Worker, stays in the path. Without the entry worker nothing sets
 * `CF-Connecting-IP`, so a client of this app sends it, as the edge would.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { findFreePort, LOOPBACK } from '../lib/net';
import { localBin, REPO_ROOT } from '../lib/paths';
import { runProcess } from '../lib/process';
import { prepareLocalState, type LocalStateOptions } from '../start';

export interface InProcessApp {
  url: string;
  stop(): Promise<void>;
}

/** The part of Miniflare's API used here (its types come with wrangler's own copy, loaded below). */
interface MiniflareInstance {
  ready: Promise<URL>;
  /** The app's own socket (`unsafeDirectSockets`), in front of which only the assets router runs. */
  unsafeGetDirectURL(): Promise<URL>;
  dispose(): Promise<void>;
}
type MiniflareConstructor = new (options: Record<string, unknown>) => MiniflareInstance;

/** wrangler's own Miniflare: the version its `dev` runs, whatever else node_modules holds. */
export async function loadWranglersMiniflare(): Promise<MiniflareConstructor> {
  const fromWrangler = createRequire(createRequire(path.join(REPO_ROOT, 'package.json')).resolve('wrangler'));
  const loaded: { Miniflare: MiniflareConstructor } = await import(
    pathToFileURL(fromWrangler.resolve('miniflare')).href
  );
  return loaded.Miniflare;
}

/** The app's compatibility date (wrangler.toml), for the benches' bare Workers to run as the app does. */
export function appCompatibilityDate(): string | undefined {
  return unstable_getMiniflareWorkerOptions(path.join(REPO_ROOT, 'wrangler.toml')).workerOptions.compatibilityDate;
}

/** Hands each stdout line to `onLine`; stderr (workerd's own warnings and errors) is still printed. */
function linesTo(onLine: (line: string) => void) {
  return (stdout: Readable, stderr: Readable): void => {
    createInterface({ input: stdout }).on('line', onLine);
    stderr.pipe(process.stderr);
  };
}

/** `NAME=value` lines of a variables file (comments and blank lines skipped). */
export function parseVarsFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || line.trimStart().startsWith('#')) continue;
    vars[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return vars;
}

/**
 * Prepares the state under `options.persistTo` as `npm start` does, bundles the Worker into
 * `bundleDir` (`wrangler deploy --dry-run`) and serves it on a free loopback port.
 */
export async function startInProcessApp(
  options: LocalStateOptions & {
    persistTo: string;
    bundleDir: string;
    /** Each line the app writes to stdout (its log lines), instead of printing them. */
    onOutputLine?: (line: string) => void;
  },
): Promise<InProcessApp> {
  const envFile = await prepareLocalState({ ...options, build: false });
  await runProcess(process.execPath, [localBin('wrangler'), 'deploy', '--dry-run', '--outdir', options.bundleDir], {
    label: 'Bundling the Worker',
    cwd: REPO_ROOT,
    stdio: 'pipe',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(REPO_ROOT, 'wrangler.toml'));
  const Miniflare = await loadWranglersMiniflare();
  const miniflare = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, ...parseVarsFile(await readFile(envFile, 'utf8')) },
    modules: true,
    modulesRoot: options.bundleDir,
    scriptPath: path.join(options.bundleDir, 'index.js'),
    // Where `wrangler … --persist-to` keeps its state.
    defaultPersistRoot: path.join(options.persistTo, 'v3'),
    host: LOOPBACK,
    port: await findFreePort(),
    unsafeDirectSockets: [{ host: LOOPBACK, port: await findFreePort() }],
    ...(options.onOutputLine ? { handleRuntimeStdio: linesTo(options.onOutputLine) } : {}),
  });
  await miniflare.ready;
  const url = (await miniflare.unsafeGetDirectURL()).origin;
  return { url, stop: () => miniflare.dispose() };
}
