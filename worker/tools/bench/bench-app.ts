/**
 * The app as the browser benches need it: `wrangler dev` on loopback, registration open, and one
 * configured endpoint (a custom, OpenAI-compatible one served by the local mock), so the chat
 * screen loads what it loads for a real deployment rather than its "no endpoint" state.
 * The state directory survives restarts within one `withBenchApp`, so a bench can stop the app,
 * seed its D1 directly, and start it again on the same data.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMockOpenAI } from '../mock/mock-openai-server';
import { mockEndpointConfigYaml } from '../lib/mock-config';
import { findFreePort } from '../lib/net';
import { ensureDevVars } from '../lib/secrets';
import { startApp, type RunningApp } from '../start';

/** The endpoint conversations seeded by the benches point at (its name is the conversation's `endpoint`). */
export const BENCH_ENDPOINT = {
  name: 'Bench (mock)',
  endpointType: 'custom',
  model: 'mock-fast',
  modelDisplayLabel: 'Mock',
} as const;
/** The key the mock provider asks for, and the bench endpoint sends. */
export const BENCH_API_KEY = 'bench-key';

/** Writes a librechat.yaml whose one endpoint is BENCH_ENDPOINT, served by the mock at `baseURL`. */
export function writeBenchConfig(
  file: string,
  baseURL: string,
  options: { titleConvo: boolean; by: string },
): Promise<void> {
  return writeFile(
    file,
    mockEndpointConfigYaml(
      {
        name: BENCH_ENDPOINT.name,
        modelDisplayLabel: BENCH_ENDPOINT.modelDisplayLabel,
        apiKey: BENCH_API_KEY,
        baseURL,
        models: [BENCH_ENDPOINT.model],
        fetchModels: false,
        titleConvo: options.titleConvo,
      },
      `Written by \`npm run bench\` (${options.by}).`,
    ),
  );
}

export interface BenchApp {
  /** wrangler's `--persist-to` directory: local D1, KV and DO state, kept across restarts. */
  persistTo: string;
  /**
   * Starts `wrangler dev` on a free 127.0.0.1 port. `build` builds web/dist first (the first
   * browser bench of a run does; later ones reuse it). Stopped by `withBenchApp` at the latest.
   */
  start(options: { build: boolean }): Promise<RunningApp>;
}

/** Runs `bench` with a fresh state directory and mock provider; stops everything and removes the directory after. */
export async function withBenchApp<T>(bench: (app: BenchApp) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-app-'));
  const started: RunningApp[] = [];
  try {
    const mock = await startMockOpenAI({ apiKey: BENCH_API_KEY, models: [BENCH_ENDPOINT.model] });
    try {
      const envFile = path.join(dir, '.dev.vars');
      // Registration is on unless set to false; said explicitly so a changed default cannot break the bench.
      // The route bench signs one account in once per language, more than the login limit's default.
      await ensureDevVars(envFile, { ALLOW_REGISTRATION: 'true', LOGIN_MAX: '100000' });
      const configFile = path.join(dir, 'librechat.yaml');
      await writeBenchConfig(configFile, mock.baseURL, { titleConvo: false, by: 'browser benches' });
      const persistTo = path.join(dir, 'state');
      return await bench({
        persistTo,
        async start({ build }) {
          const app = await startApp({
            port: await findFreePort(),
            persistTo,
            envFile,
            configFile,
            stdio: 'pipe',
            build,
            onInvalidConfig: 'fail',
          });
          started.push(app);
          return app;
        },
      });
    } finally {
      // stop() is safe to call twice: a bench that already stopped its app loses nothing.
      await Promise.all(started.map((app) => app.stop()));
      await mock.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
