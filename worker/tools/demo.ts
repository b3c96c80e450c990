/**
 * `npm run demo`: the app with a local mock AI provider, to try it without any API key.
 *
 * Starts the mock OpenAI-compatible provider on a free loopback port, writes a demo
 * librechat.yaml pointing a custom endpoint at it, and starts the app the way `npm start` does,
 * with its own state (.wrangler/demo-state) and its own secrets file, so the demo never touches
 * your local data, `.dev.vars` or `librechat.yaml`. Ctrl-C stops everything.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startMockOpenAI, type MockOpenAI } from '../providers/mock/mock-openai-server';
import { mockEndpointConfigYaml } from './lib/mock-config';
import { REPO_ROOT } from './lib/paths';
import { exitCodeOf, installSignalHandlers, isMainModule, isShuttingDown, stopAllProcesses } from './lib/process';
import { startApp, type RunningApp } from './start';

export const DEMO_STATE_DIR = path.join(REPO_ROOT, '.wrangler/demo-state');
/** The demo's own variables file (fresh secrets, no provider keys), kept with its state. */
export const DEMO_ENV_FILE = path.join(DEMO_STATE_DIR, 'demo.vars');
export const DEMO_ENDPOINT_NAME = 'Demo (mock)';
const DEMO_API_KEY = 'demo-key';
/** A small pause between streamed chunks so the reply visibly streams. */
const DEMO_CHUNK_DELAY_MS = 30;

function say(message: string): void {
  console.log(`[demo] ${message}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' } } });
  const portText = values.port ?? process.env.PORT ?? '8787';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`Not a port number: ${portText}`);

  let mock: MockOpenAI | undefined;
  let app: RunningApp | undefined;
  const configDir = await mkdtemp(path.join(tmpdir(), 'edgechat-demo-'));
  const cleanUp = async (): Promise<void> => {
    await mock?.close();
    await rm(configDir, { recursive: true, force: true });
  };
  installSignalHandlers(async (signal) => {
    await cleanUp();
    return app ? await app.exited : exitCodeOf({ code: null, signal });
  });

  try {
    mock = await startMockOpenAI({ apiKey: DEMO_API_KEY, delayMs: DEMO_CHUNK_DELAY_MS });
    say(`Mock OpenAI-compatible provider on ${mock.baseURL}`);
    const configFile = path.join(configDir, 'librechat.yaml');
    await writeFile(
      configFile,
      mockEndpointConfigYaml(
        {
          name: DEMO_ENDPOINT_NAME,
          modelDisplayLabel: 'Local mock (not a real AI)',
          apiKey: DEMO_API_KEY,
          baseURL: mock.baseURL,
          models: ['mock-fast', 'mock-slow'],
          fetchModels: true,
        },
        'Written by `npm run demo`: one custom endpoint served by a local mock provider.\nIt echoes your message; no data leaves this machine.',
      ),
    );

    app = await startApp({
      port,
      persistTo: DEMO_STATE_DIR,
      envFile: DEMO_ENV_FILE,
      configFile,
      onInvalidConfig: 'fail',
      stdio: 'inherit',
    });
  } catch (error) {
    if (isShuttingDown()) return;
    console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
    await stopAllProcesses();
    await cleanUp();
    process.exit(1);
  }

  console.log('');
  say(`The demo is running at ${app.url}`);
  say(`Create an account, then pick "${DEMO_ENDPOINT_NAME}": it answers "You said: …" as a stream.`);
  say('Start a message with [mock:fail=429], [mock:delay=200] or [mock:drop-after=3] to see errors and slow streams.');
  say(`Its data lives in ${path.relative(process.cwd(), DEMO_STATE_DIR)} (delete it to start over); your own data is untouched.`);
  say('Press Ctrl-C to stop.');
  const code = await app.exited;
  await app.stop();
  await cleanUp();
  process.exit(code);
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
