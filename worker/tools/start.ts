/**
 * `npm start`: everything a newcomer needs to run the app locally, in one command.
 *
 *   1. creates `.dev.vars` with fresh local secrets when there is none (never overwrites one);
 *   2. builds the SPA into web/dist;
 *   3. applies the D1 migrations to the local database;
 *   4. pushes `librechat.yaml` into the local config store when the file exists;
 *   5. runs `wrangler dev` on 127.0.0.1:$PORT (8787) until Ctrl-C.
 *
 * Options: `npm start -- --port 8788 --persist-to <dir> --env-file <file> --config <yaml>`.
 * `startApp` runs the same steps for the demo and the end-to-end tests.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort, isPortFree, LOOPBACK, waitForHttpOk } from './lib/net';
import { localBin, REPO_ROOT } from './lib/paths';
import {
  exitCodeOf,
  installSignalHandlers,
  isMainModule,
  isShuttingDown,
  runProcess,
  startProcess,
  stopAllProcesses,
  type Stdio,
} from './lib/process';
import { ensureDevVars } from './lib/secrets';
import { localWranglerEnv } from './lib/wrangler-env';

export interface StartAppOptions {
  port: number;
  /** Directory for the local D1/R2/KV/DO state (wrangler's default: .wrangler/state). */
  persistTo?: string;
  /** A variables file to use instead of the repository's `.dev.vars`; created with fresh secrets if missing. */
  envFile?: string;
  /** A librechat.yaml to push into the local config store before serving. */
  configFile?: string;
  /** 'inherit' shows the tools' output in this terminal; 'pipe' keeps it for `output()` and errors. */
  stdio?: Stdio;
  /** Build the SPA first (default true). The e2e run builds once, before its tests. */
  build?: boolean;
  /**
   * When `configFile` is invalid: 'warn' prints the problems and serves the last good config
   * (what `npm start` does), 'fail' stops with an error (the demo and the tests).
   */
  onInvalidConfig?: 'warn' | 'fail';
  /** How long wrangler may take to answer /health (default 120 s). */
  startupTimeoutMs?: number;
}

export interface RunningApp {
  /** The app's origin, e.g. http://127.0.0.1:8787 */
  url: string;
  /** Stops wrangler dev and everything it started. Safe to call twice. */
  stop(): Promise<void>;
  /** Resolves with wrangler's exit code (128 + signal number when it was killed). */
  exited: Promise<number>;
  /** What wrangler printed so far, when started with stdio 'pipe'. */
  output(): string;
}

const DEFAULT_PORT = 8787;
const DEV_VARS = path.join(REPO_ROOT, '.dev.vars');
const VITE_CONFIG = path.join(REPO_ROOT, 'web/vite.config.ts');
/** wrangler dev bundles the worker and boots workerd; on a cold, slow machine that takes a while. */
const STARTUP_TIMEOUT_MS = 120_000;

/** A path as the user would type it from here, or absolute when it is elsewhere. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function say(message: string): void {
  console.log(`[start] ${message}`);
}

/**
 * How the steps run wrangler: its binary under this Node, the state directory, and progress
 * notes shown unless the output is kept for later (`stdio: 'pipe'`).
 */
function toolRun(options: { stdio?: Stdio | undefined; persistTo?: string | undefined }) {
  const stdio = options.stdio ?? 'inherit';
  const persistTo = options.persistTo === undefined ? undefined : path.resolve(options.persistTo);
  return {
    stdio,
    persistTo,
    persistArgs: persistTo === undefined ? [] : ['--persist-to', persistTo],
    node: process.execPath,
    wrangler: localBin('wrangler'),
    note: (message: string): void => {
      if (stdio !== 'pipe') say(message);
    },
  };
}

/** What `npm start` sets up before serving; also what the in-process bench app needs. */
export type LocalStateOptions = Pick<
  StartAppOptions,
  'persistTo' | 'envFile' | 'configFile' | 'stdio' | 'build' | 'onInvalidConfig'
>;

/**
 * Steps 1–4 of `npm start`: the variables file, the SPA build, the D1 migrations and the config.
 * Returns the variables file used.
 */
export async function prepareLocalState(options: LocalStateOptions): Promise<string> {
  const { stdio, persistTo, persistArgs, node, wrangler, note } = toolRun(options);

  const envFile = options.envFile === undefined ? DEV_VARS : path.resolve(options.envFile);
  if (await ensureDevVars(envFile)) {
    note(
      `Created ${displayPath(envFile)} with fresh local secrets (JWT_SECRET, JWT_REFRESH_SECRET, CREDS_KEY, CREDS_IV).`,
    );
    if (envFile === DEV_VARS)
      note('Add provider keys there to enable OpenAI, Anthropic, Google…; .dev.vars.example lists every setting.');
  }

  if (options.build ?? true) {
    if (!existsSync(VITE_CONFIG))
      throw new Error(`Cannot build the web app: ${path.relative(REPO_ROOT, VITE_CONFIG)} is missing.`);
    note('Building the web app (web/dist)…');
    await runProcess(node, [localBin('vite'), 'build', '--config', VITE_CONFIG], {
      label: 'The web app build',
      cwd: REPO_ROOT,
      stdio,
    });
  }

  note('Applying database migrations to the local D1 database…');
  await runProcess(node, [wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', ...persistArgs], {
    label: 'Applying the D1 migrations',
    cwd: REPO_ROOT,
    stdio,
    // Non-interactive: wrangler skips its confirmation prompt.
    env: { ...localWranglerEnv(), CI: '1' },
  });

  if (options.configFile !== undefined) {
    await pushConfigFile(path.resolve(options.configFile), persistTo, options.onInvalidConfig ?? 'warn', note);
  }
  return envFile;
}

/** Runs the steps of `npm start` and resolves once the app answers GET /health with 200. */
export async function startApp(options: StartAppOptions): Promise<RunningApp> {
  const { stdio, persistArgs, node, wrangler, note } = toolRun(options);

  if (!(await isPortFree(options.port))) {
    throw new Error(
      `Port ${options.port} on ${LOOPBACK} is already in use (another \`npm start\`?). ` +
        `Stop it, or pick another port: PORT=${await findFreePort()} npm start`,
    );
  }

  const envFile = await prepareLocalState(options);
  // wrangler reads .dev.vars by itself; any other file is passed explicitly (and then .dev.vars is ignored).
  const envFileArgs = envFile === DEV_VARS ? [] : ['--env-file', envFile];

  note(`Starting wrangler dev on http://${LOOPBACK}:${options.port}…`);
  const url = `http://${LOOPBACK}:${options.port}`;
  const proc = startProcess(
    node,
    [
      wrangler,
      'dev',
      '--ip',
      LOOPBACK,
      '--port',
      String(options.port),
      // Its key shortcuts need our terminal's stdin, which a background process group cannot read.
      '--show-interactive-dev-session=false',
      ...persistArgs,
      ...envFileArgs,
    ],
    { label: 'wrangler dev', cwd: REPO_ROOT, stdio, env: localWranglerEnv() },
  );
  const exited = proc.exited.then(exitCodeOf);
  const app: RunningApp = {
    url,
    exited,
    output: proc.output,
    async stop() {
      await proc.stop();
    },
  };

  const gaveUp = new AbortController();
  void proc.exited.then(() => gaveUp.abort(new Error('wrangler dev exited before the app answered.')));
  try {
    await waitForHttpOk(`${url}/health`, {
      timeoutMs: options.startupTimeoutMs ?? STARTUP_TIMEOUT_MS,
      signal: gaveUp.signal,
    });
  } catch (error) {
    await proc.stop();
    const reason = gaveUp.signal.aborted
      ? `wrangler dev exited with code ${await exited}`
      : error instanceof Error
        ? error.message
        : String(error);
    const output = proc.output().trim();
    throw new Error(`The app did not start: ${reason}.${output ? `\n--- wrangler dev output ---\n${output}` : ''}`);
  }
  return app;
}

async function pushConfigFile(
  file: string,
  persistTo: string | undefined,
  onInvalid: 'warn' | 'fail',
  note: (message: string) => void,
): Promise<void> {
  if (!existsSync(file)) throw new Error(`Config file not found: ${file}`);
  note(`Loading ${displayPath(file)} into the local config store…`);
  // Loaded only when there is a file to push, so a broken or absent config tool never blocks a start.
  const { pushConfig } = await import('./config-push');
  try {
    await pushConfig({ file, remote: false, ...(persistTo === undefined ? {} : { persistTo }) });
  } catch (error) {
    const problems = error instanceof Error ? error.message : String(error);
    if (onInvalid === 'fail') throw new Error(`${path.basename(file)} was not loaded. ${problems}`);
    console.warn(`[start] ${problems}`);
    console.warn(
      `[start] ${path.basename(file)} was NOT loaded: the app serves its last good configuration (or the defaults if none was ever loaded).`,
    );
    console.warn('[start] Fix the file, then restart or run `npm run config:push` while it runs.');
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'persist-to': { type: 'string' },
      'env-file': { type: 'string' },
      config: { type: 'string' },
    },
  });
  const portText = values.port ?? process.env.PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`Not a port number: ${portText}`);

  const defaultConfig = path.join(REPO_ROOT, 'librechat.yaml');
  const configFile = values.config ?? (existsSync(defaultConfig) ? defaultConfig : undefined);
  if (configFile === undefined)
    say('No librechat.yaml at the repository root: serving the built-in defaults or the last pushed config.');

  let app: RunningApp | undefined;
  installSignalHandlers(async (signal) => (app ? await app.exited : exitCodeOf({ code: null, signal })));

  app = await startApp({
    port,
    stdio: 'inherit',
    onInvalidConfig: 'warn',
    ...(values['persist-to'] === undefined ? {} : { persistTo: values['persist-to'] }),
    ...(values['env-file'] === undefined ? {} : { envFile: values['env-file'] }),
    ...(configFile === undefined ? {} : { configFile }),
  });
  say(`The app is running at ${app.url}  (Ctrl-C to stop)`);
  const code = await app.exited;
  await app.stop();
  process.exit(code);
}

if (isMainModule(import.meta.url)) {
  main().catch(async (error: unknown) => {
    // A Ctrl-C during the build also fails the step in progress: the signal handler reports that.
    if (isShuttingDown()) return;
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    await stopAllProcesses();
    process.exit(1);
  });
}
