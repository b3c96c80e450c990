/**
 * `npm run demo`: the app with a local mock AI provider, to try it without any API key.
 *
 * Starts the mock provider on a free loopback port, writes a demo librechat.yaml pointing a
 * custom endpoint at it, points the built-in Anthropic, Google and Bedrock endpoints at the same
 * mock (it speaks their wire formats too) through the demo's variables file, and starts the app
 * the way `npm start` does, with its own state (.wrangler/demo-state) and its own secrets file,
 * so the demo never touches your local data, `.dev.vars` or `librechat.yaml`. Ctrl-C stops
 * everything.
 */
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startMockOpenAI, type MockOpenAI } from './mock/mock-openai-server';
import { mockEndpointConfigYaml, mockSpeechSection } from './lib/mock-config';
import { ensureDevVars } from './lib/secrets';
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
/** Models the built-in endpoints list in the demo; the mock answers any model name. */
export const DEMO_BUILT_IN_MODELS = {
  anthropic: ['mock-claude'],
  google: ['mock-gemini'],
  bedrock: ['mock-bedrock'],
} as const;
/** The demo's endpoints in the menu's order: its own mock endpoint (a custom one) first. */
const DEMO_ENDPOINT_ORDER = ['custom', 'anthropic', 'google', 'bedrock'] as const;
/** The env variable the demo's librechat.yaml names as Bedrock's endpoint (`endpoints.bedrock.baseURL`). */
const BEDROCK_ENDPOINT_VAR = 'DEMO_BEDROCK_ENDPOINT';
const MANAGED_BLOCK_START =
  '# --- Written by `npm run demo` on every start: built-in endpoints served by the local MOCK provider ---';
const MANAGED_BLOCK_END = '# --- end of the demo mock block ---';

/**
 * The variables that point the built-in endpoints at the mock. The mock's port changes on every
 * start, so they are rewritten each time (the rest of the file, its secrets, is kept).
 */
export function demoProviderVars(mockUrl: string, apiKey: string): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: apiKey,
    // The Anthropic module appends /v1/messages to the proxy's origin.
    ANTHROPIC_REVERSE_PROXY: mockUrl,
    ANTHROPIC_MODELS: DEMO_BUILT_IN_MODELS.anthropic.join(','),
    GOOGLE_KEY: apiKey,
    // The Google module appends /v1beta/models/{model}:streamGenerateContent.
    GOOGLE_REVERSE_PROXY: mockUrl,
    GOOGLE_MODELS: DEMO_BUILT_IN_MODELS.google.join(','),
    // Bedrock's endpoint comes from librechat.yaml (endpoints.bedrock.baseURL: ${DEMO_BEDROCK_ENDPOINT}).
    BEDROCK_AWS_ACCESS_KEY_ID: apiKey,
    BEDROCK_AWS_SECRET_ACCESS_KEY: 'demo-secret',
    BEDROCK_AWS_DEFAULT_REGION: 'us-east-1',
    BEDROCK_AWS_MODELS: DEMO_BUILT_IN_MODELS.bedrock.join(','),
    [BEDROCK_ENDPOINT_VAR]: mockUrl,
    // LibreChat's endpoint order: the endpoint the banner tells the user to pick comes first, so a
    // new chat opens on it (custom endpoints are listed under `custom`).
    ENDPOINTS: DEMO_ENDPOINT_ORDER.join(','),
  };
}

/** `text` with the demo's managed block (and any older setting of its variables) replaced by `vars`. */
export function withDemoProviderVars(text: string, vars: Record<string, string>): string {
  const kept: string[] = [];
  let inBlock = false;
  for (const line of text.split('\n')) {
    if (line === MANAGED_BLOCK_START) inBlock = true;
    else if (line === MANAGED_BLOCK_END) inBlock = false;
    else if (!inBlock && !Object.keys(vars).includes(line.split('=')[0]?.trim() ?? '')) kept.push(line);
  }
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  const block = [
    MANAGED_BLOCK_START,
    ...Object.entries(vars).map(([name, value]) => `${name}=${value}`),
    MANAGED_BLOCK_END,
  ];
  return `${[...kept, '', ...block].join('\n')}\n`;
}

/** The demo's librechat.yaml: its custom endpoint, Bedrock and the speech engines pointing at the mock at `baseURL`. */
export function demoConfigYaml(baseURL: string): string {
  return mockEndpointConfigYaml(
    {
      name: DEMO_ENDPOINT_NAME,
      modelDisplayLabel: 'Local mock (not a real AI)',
      apiKey: DEMO_API_KEY,
      baseURL,
      models: ['mock-fast', 'mock-slow'],
      fetchModels: true,
    },
    'Written by `npm run demo`: one custom endpoint and Bedrock served by a local mock provider\n' +
      '(Anthropic and Google point at it from the demo variables file).\nIt echoes your message; no data leaves this machine.',
    { speech: mockSpeechSection(baseURL, DEMO_API_KEY) },
    { bedrock: { baseURL: `\${${BEDROCK_ENDPOINT_VAR}}` } },
  );
}

async function writeDemoEnvFile(mockUrl: string): Promise<void> {
  await ensureDevVars(DEMO_ENV_FILE);
  const text = await readFile(DEMO_ENV_FILE, 'utf8');
  await writeFile(DEMO_ENV_FILE, withDemoProviderVars(text, demoProviderVars(mockUrl, DEMO_API_KEY)), { mode: 0o600 });
}

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
    say(`Mock provider (OpenAI, Anthropic, Google and Bedrock wire formats) on ${mock.url}`);
    await writeDemoEnvFile(mock.url);
    const configFile = path.join(configDir, 'librechat.yaml');
    await writeFile(configFile, demoConfigYaml(mock.baseURL));

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
  say('Anthropic, Google and Bedrock are offered too, all answered by the same local MOCK (not a real AI).');
  say('Start a message with [mock:fail=429], [mock:delay=200] or [mock:drop-after=3] to see errors and slow streams.');
  say(
    `Its data lives in ${path.relative(process.cwd(), DEMO_STATE_DIR)} (delete it to start over); your own data is untouched.`,
  );
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
