/**
 * The app as the latency and load benches need it: the local mock provider, one custom
 * endpoint that calls it, registration open and the limiters on with maxima no bench reaches,
 * in a throw-away state directory, in memory where the machine has one (lib/state-dir.ts).
 * Runs in this process (`in-process`, see in-process-app.ts) or under `wrangler dev`.
 */
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMockOpenAI, type MockOpenAI, type MockOpenAIOptions } from '../mock/mock-openai-server';
import { findFreePort } from '../lib/net';
import { ensureDevVars } from '../lib/secrets';
import { benchStateDir } from '../lib/state-dir';
import { startApp } from '../start';
import { BENCH_API_KEY, BENCH_ENDPOINT, writeBenchConfig } from './bench-app';
import type { AskTarget } from './chat-client';
import { startInProcessApp } from './in-process-app';

export type BenchHost = 'in-process' | 'wrangler-dev';

/**
 * The limiters stay on, as in a default deployment (their D1 batch is part of every send), but
 * with maxima the benches never reach.
 */
const UNLIMITED: Record<string, string> = {
  LIMIT_MESSAGE_IP: 'true',
  LIMIT_MESSAGE_USER: 'true',
  LIMIT_CONCURRENT_MESSAGES: 'true',
  CONCURRENT_MESSAGE_MAX: '1000',
  MESSAGE_IP_MAX: '100000',
  MESSAGE_USER_MAX: '100000',
  LOGIN_MAX: '100000',
  REGISTER_MAX: '100000',
  ALLOW_REGISTRATION: 'true',
};

export interface ChatBenchApp {
  /** The app's origin. */
  url: string;
  mock: MockOpenAI;
  /** Where a user's sends go, given their token. */
  target(token: string): AskTarget;
}

/** Starts the mock and the app, runs `use`, and stops both (and removes the state) however it ends. */
export async function withChatBenchApp<T>(
  options: {
    host: BenchHost;
    mock: MockOpenAIOptions;
    vars?: Record<string, string>;
    /** Whether the endpoint titles new conversations (a second provider call per new conversation). */
    titleConvo?: boolean;
    /** More librechat.yaml sections, given the mock's origin (e.g. its speech engines). */
    extraConfig?: (mockURL: string) => string;
    /** In-process only: each line the app logs, instead of printing it. */
    onOutputLine?: (line: string) => void;
    /** Where the local state lives: in memory unless said (see lib/state-dir.ts for why). */
    state?: 'memory' | 'disk';
  },
  use: (app: ChatBenchApp) => Promise<T>,
): Promise<T> {
  const dir =
    options.state === 'disk' ? await mkdtemp(path.join(tmpdir(), 'bench-chat-')) : await benchStateDir('bench-chat-');
  const mock = await startMockOpenAI({ apiKey: BENCH_API_KEY, ...options.mock });
  try {
    const envFile = path.join(dir, '.dev.vars');
    await ensureDevVars(envFile, { ...UNLIMITED, ...options.vars });
    const configFile = path.join(dir, 'librechat.yaml');
    await writeBenchConfig(configFile, mock.baseURL, {
      titleConvo: options.titleConvo ?? false,
      by: 'time to first token, load, turn cost',
    });
    if (options.extraConfig) await appendFile(configFile, `\n${options.extraConfig(mock.url)}`);
    const state = {
      persistTo: path.join(dir, 'state'),
      envFile,
      configFile,
      stdio: 'pipe',
      onInvalidConfig: 'fail',
    } as const;
    const app =
      options.host === 'in-process'
        ? await startInProcessApp({
            ...state,
            bundleDir: path.join(dir, 'bundle'),
            ...(options.onOutputLine ? { onOutputLine: options.onOutputLine } : {}),
          })
        : await startApp({ ...state, port: await findFreePort(), build: false });
    try {
      return await use({
        url: app.url,
        mock,
        target: (token) => ({ origin: app.url, token, endpoint: BENCH_ENDPOINT.name, model: BENCH_ENDPOINT.model }),
      });
    } finally {
      await app.stop();
    }
  } finally {
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  }
}
