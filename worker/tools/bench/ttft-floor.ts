/**
 * Starts the floor worker (floor-worker/relay.ts) with `wrangler dev`, pointed at a provider
 * URL, so the TTFT bench can time the platform's own path (Worker → Durable Object → provider)
 * beside the app's. Its state lives under `dir` and goes with it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort, LOOPBACK, waitForHttpOk } from '../lib/net';
import { localBin, REPO_ROOT } from '../lib/paths';
import { startProcess } from '../lib/process';

const RELAY_SCRIPT = path.join(REPO_ROOT, 'worker/tools/bench/floor-worker/relay.ts');

export interface FloorWorker {
  url: string;
  stop(): Promise<void>;
}

/** The main app's compatibility date, so both run on the same runtime behaviour. */
async function compatibilityDate(): Promise<string> {
  const toml = await readFile(path.join(REPO_ROOT, 'wrangler.toml'), 'utf8');
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!date) throw new Error('wrangler.toml has no compatibility_date.');
  return date;
}

export async function startFloorWorker(dir: string, provider: { url: string; apiKey: string }): Promise<FloorWorker> {
  const config = path.join(dir, 'floor-wrangler.toml');
  await writeFile(
    config,
    [
      'name = "ttft-floor"',
      `main = ${JSON.stringify(RELAY_SCRIPT)}`,
      `compatibility_date = "${await compatibilityDate()}"`,
      '[[durable_objects.bindings]]',
      'name = "RELAY"',
      'class_name = "Relay"',
      '[[migrations]]',
      'tag = "v1"',
      'new_sqlite_classes = ["Relay"]',
      '[vars]',
      `PROVIDER_URL = ${JSON.stringify(provider.url)}`,
      `PROVIDER_KEY = ${JSON.stringify(provider.apiKey)}`,
      '',
    ].join('\n'),
  );
  const port = await findFreePort();
  const proc = startProcess(
    process.execPath,
    [
      localBin('wrangler'), 'dev',
      '--config', config,
      '--ip', LOOPBACK,
      '--port', String(port),
      '--persist-to', path.join(dir, 'floor-state'),
      '--show-interactive-dev-session=false',
    ],
    { label: 'wrangler dev (TTFT floor)', cwd: dir, stdio: 'pipe', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  const url = `http://${LOOPBACK}:${port}`;
  try {
    await waitForHttpOk(url, { timeoutMs: 120_000 });
  } catch (error) {
    await proc.stop();
    throw new Error(`The TTFT floor worker did not start: ${String(error)}\n${proc.output()}`);
  }
  return {
    url,
    async stop() {
      await proc.stop();
    },
  };
}
