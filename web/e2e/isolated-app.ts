/**
 * A second app instance for a spec that needs server state nobody else touches (e.g. "the
 * first account registered becomes ADMIN"): the same `startApp` steps as the global setup, with
 * its own temporary state, secrets, environment and librechat.yaml. The SPA is the one
 * `npm run test:e2e` built before the run (`build: false`).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { findFreePort } from '../../worker/tools/lib/net';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { ensureDevVars } from '../../worker/tools/lib/secrets';
import { startApp, type RunningApp } from '../../worker/tools/start';

export interface IsolatedAppOptions {
  /** Names the log file: test-results/e2e-<name>-wrangler.log */
  name: string;
  /** Variables added to the generated secrets file (which already has ENVIRONMENT=development). */
  env?: Record<string, string>;
  /** The librechat.yaml document (config version 1.2.5 unless it says otherwise). */
  config?: Record<string, unknown>;
}

export interface IsolatedApp {
  url: string;
  /** Its local state (D1, KV), e.g. to push content with a tool while it runs. */
  persistTo: string;
  stop(): Promise<void>;
}

/**
 * Every browser request comes from 127.0.0.1, so the per-IP login and registration budgets are
 * shared by every test of a run: generous limits keep the specs independent of each other.
 */
export const GENEROUS_AUTH_LIMITS = { LOGIN_MAX: '1000', REGISTER_MAX: '1000' } as const;

export async function startIsolatedApp(options: IsolatedAppOptions): Promise<IsolatedApp> {
  const tempRoot = await mkdtemp(path.join(tmpdir(), `edgechat-e2e-${options.name}-`));
  const envFile = path.join(tempRoot, 'e2e.vars');
  const configFile = path.join(tempRoot, 'librechat.yaml');
  const logFile = path.join(REPO_ROOT, `test-results/e2e-${options.name}-wrangler.log`);
  await ensureDevVars(envFile, { ...GENEROUS_AUTH_LIMITS, ...options.env });
  await writeFile(configFile, stringify({ version: '1.2.5', cache: true, ...options.config }));

  let app: RunningApp | undefined;
  const stop = async (): Promise<void> => {
    if (app) {
      const running = app;
      app = undefined;
      await running.stop();
      await mkdir(path.dirname(logFile), { recursive: true });
      await writeFile(logFile, running.output());
    }
    await rm(tempRoot, { recursive: true, force: true });
  };
  try {
    app = await startApp({
      port: await findFreePort(),
      persistTo: path.join(tempRoot, 'state'),
      envFile,
      configFile,
      build: false,
      onInvalidConfig: 'fail',
      stdio: process.env.E2E_VERBOSE ? 'inherit' : 'pipe',
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: app.url, persistTo: path.join(tempRoot, 'state'), stop };
}
