/**
 * Starts, once for the whole e2e run, what a user runs: the mock OpenAI-compatible provider on
 * loopback and the app through `startApp` (the same steps as `npm start`: secrets file, D1
 * migrations, librechat.yaml pushed to the local config store, `wrangler dev`), each run with
 * its own temporary state, secrets and config so it never touches the developer's.
 * The SPA is not built here: `npm run test:e2e` builds it first.
 *
 * E2E_PORT picks the app's port (default: a free one); E2E_VERBOSE=1 shows wrangler's output.
 * wrangler's output is saved to test-results/e2e-wrangler.log either way.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMockMcp, type MockMcp } from '../../worker/tools/mock/mock-mcp-server';
import { startMockOidc, type MockOidc } from '../../worker/tools/mock/mock-oidc-server';
import { startMockOpenAI, type MockOpenAI } from '../../worker/tools/mock/mock-openai-server';
import { mockEndpointConfigYaml, mockSpeechSection } from '../../worker/tools/lib/mock-config';
import { findFreePort } from '../../worker/tools/lib/net';
import { REPO_ROOT } from '../../worker/tools/lib/paths';
import { ensureDevVars } from '../../worker/tools/lib/secrets';
import { startApp, type RunningApp } from '../../worker/tools/start';
import { GENEROUS_AUTH_LIMITS } from './isolated-app';
import { E2E_FILE_SIZE_LIMIT_MB } from './file-limits';
import './provided';

export const MOCK_ENDPOINT_NAME = 'Mock';
export const OWN_KEY_ENDPOINT_NAME = 'Mock (own key)';
/** The MCP server (librechat.yaml `mcpServers`) served by the loopback mock. */
const MOCK_MCP_SERVER_NAME = 'mock';
const MOCK_API_KEY = 'e2e-mock-key';
const LOG_FILE = path.join(REPO_ROOT, 'test-results/e2e-wrangler.log');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run test:e2e` (it builds the SPA first) or `npm run build`.');
  }
  const tempRoot = await mkdtemp(path.join(tmpdir(), 'edgechat-e2e-'));
  const envFile = path.join(tempRoot, 'e2e.vars');
  const configFile = path.join(tempRoot, 'librechat.yaml');
  const persistTo = path.join(tempRoot, 'state');

  let mock: MockOpenAI | undefined;
  let oidc: MockOidc | undefined;
  let mcp: MockMcp | undefined;
  let app: RunningApp | undefined;
  const teardown = async (): Promise<void> => {
    if (app) {
      await app.stop();
      await mkdir(path.dirname(LOG_FILE), { recursive: true });
      await writeFile(LOG_FILE, app.output());
    }
    await mock?.close();
    await oidc?.close();
    await mcp?.close();
    await rm(tempRoot, { recursive: true, force: true });
  };

  try {
    const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await findFreePort();
    // Social login against a loopback OpenID provider that only accepts this app's callback.
    oidc = await startMockOidc({ redirectUris: [`http://127.0.0.1:${port}/oauth/openid/callback`] });
    // Its slow tool takes long enough for a spec to reload or stop mid-call.
    mcp = await startMockMcp({ slowMs: 3000 });
    // Fresh secrets for this run only; ENVIRONMENT=development as `npm start` writes it.
    // Every spec signs in from 127.0.0.1: the per-IP login/registration budgets are raised.
    await ensureDevVars(envFile, {
      ...GENEROUS_AUTH_LIMITS,
      ALLOW_SOCIAL_LOGIN: 'true',
      ALLOW_SOCIAL_REGISTRATION: 'true',
      OPENID_CLIENT_ID: oidc.clientId,
      OPENID_CLIENT_SECRET: oidc.clientSecret,
      OPENID_ISSUER: oidc.issuer,
      // Tools reach loopback only where the operator names the exact host:port.
      TOOLS_PRIVATE_HOSTS: new URL(mcp.url).host,
    });
    mock = await startMockOpenAI({ apiKey: MOCK_API_KEY });
    await writeFile(
      configFile,
      mockEndpointConfigYaml(
        [
          {
            name: MOCK_ENDPOINT_NAME,
            modelDisplayLabel: 'Mock',
            apiKey: MOCK_API_KEY,
            baseURL: mock.baseURL,
            // mock-text plays a model that cannot read images: the composer refuses them for it.
            models: ['mock-fast', 'mock-slow', 'mock-text'],
            visionModels: ['mock-fast', 'mock-slow'],
            fetchModels: true,
          },
          // The same mock behind a key each user brings (the key-dialog journey sets the mock's key).
          {
            name: OWN_KEY_ENDPOINT_NAME,
            modelDisplayLabel: 'Mock',
            apiKey: 'user_provided',
            baseURL: mock.baseURL,
            models: ['mock-fast'],
            fetchModels: false,
            titleConvo: false,
          },
        ],
        'End-to-end test configuration: custom endpoints served by the local mock provider.',
        {
          registration: { socialLogins: ['openid'] },
          mcpServers: { [MOCK_MCP_SERVER_NAME]: { type: 'streamable-http', url: `${mcp.url}/mcp` } },
          // Small enough for the attachments spec to attach a file over it.
          fileConfig: { endpoints: { default: { fileSizeLimit: E2E_FILE_SIZE_LIMIT_MB } } },
          // Dictation and read-aloud through the mock's speech APIs.
          speech: mockSpeechSection(mock.baseURL, MOCK_API_KEY),
        },
      ),
    );
    app = await startApp({
      port,
      persistTo,
      envFile,
      configFile,
      build: false,
      onInvalidConfig: 'fail',
      stdio: process.env.E2E_VERBOSE ? 'inherit' : 'pipe',
    });
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('appUrl', app.url);
  project.provide('mockUrl', mock.url);
  project.provide('mockEndpointName', MOCK_ENDPOINT_NAME);
  project.provide('mockApiKey', MOCK_API_KEY);
  project.provide('oidcIssuer', oidc.issuer);
  project.provide('mcpServerName', MOCK_MCP_SERVER_NAME);
  project.provide('mcpUrl', mcp.url);
  return teardown;
}
