/**
 * The machinery of the hostile-input sweep (worker/routes/hostile-*.test.ts): the deployment
 * it runs against, a signed-in user with real objects, and the checks every answer must pass.
 */
import { env } from 'cloudflare:workers';
import app from '../app';
import { isErrorCode } from '../contract/errors';
import { insertAgent } from '../db/agents';
import { insertGroupWithVersion } from '../db/prompts';
import { createSharedLink } from '../db/shares';
import { createTag } from '../db/tags';
import { createConversation, createMessage } from '../db/test-helpers';
import type { EnvVars } from '../env';
import { CHAT_TEST_VARS, CUSTOM_ENDPOINT_CONFIG, useConfig } from '../services/chat/testing/routes';
import { randomIp } from './account-helpers';
import { authHeader, createTestUser } from './auth-helpers';
import { callApp } from './helpers';
import type { HostileBody, OwnIds } from './hostile-inputs';
import { TEST_CREDS } from './two-factor-helpers';

/** Every mounted route as `METHOD /path/:param`, found from the app as the route guard does. */
export const mountedRoutes = [
  ...new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`)),
];

/** Pages and redirects, not API answers: their refusals are HTML or a redirect, not JSON. */
const NOT_JSON_ROUTES = new Set([
  'GET /share/:shareId',
  'GET /oauth/:provider',
  'GET /oauth/:provider/callback',
  'POST /oauth/:provider/callback',
]);

/** Limits and bans off, password reset on: they would refuse the sweep before the code under test runs. */
const SWEEP_VARS: EnvVars = {
  ...CHAT_TEST_VARS,
  ...TEST_CREDS,
  BAN_VIOLATIONS: 'false',
  LIMIT_MESSAGE_USER: 'false',
  LIMIT_CONCURRENT_MESSAGES: 'false',
  LOGIN_MAX: '100000',
  REGISTER_MAX: '100000',
  RESET_PASSWORD_MAX: '100000',
  VERIFY_EMAIL_MAX: '100000',
  TTS_IP_MAX: '100000',
  TTS_USER_MAX: '100000',
  STT_IP_MAX: '100000',
  STT_USER_MAX: '100000',
  ALLOW_PASSWORD_RESET: 'true',
};

/** Speech engines (at the stubbed provider), so the speech routes read their bodies rather than answer 404. */
const SWEEP_SPEECH = `speech:
  tts:
    openai: { apiKey: sk-tts, model: tts-1, voices: [alloy] }
  stt:
    openai: { apiKey: sk-stt, model: whisper-1 }
`;

/**
 * The chat config (one custom endpoint at a stubbed provider), speech engines and Apple sign-in, which posts a
 * form: with it configured, the form callback reads the hostile body instead of answering 404.
 */
export async function setUpSweepDeployment(): Promise<void> {
  await useConfig(`${CUSTOM_ENDPOINT_CONFIG}\nregistration:\n  socialLogins: [apple]\n${SWEEP_SPEECH}`);
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
  ])) as CryptoKeyPair;
  const der = new Uint8Array((await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer);
  const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----`;
  Object.assign(SWEEP_VARS, {
    ALLOW_SOCIAL_LOGIN: 'true',
    APPLE_CLIENT_ID: 'web',
    APPLE_TEAM_ID: 'TEAM',
    APPLE_KEY_ID: 'KID',
    APPLE_PRIVATE_KEY: pem,
  });
}

export interface Session {
  ids: OwnIds;
  headers: Record<string, string>;
}

/**
 * A signed-in user with a conversation of two messages, a bookmark on it, a share link, a
 * private agent and a private prompt group; `secret` is written into the title, the messages,
 * the agent's instructions and the prompt's name and text, for a test to look for where it
 * must not appear.
 */
export async function signedInWithFixtures(role: 'USER' | 'ADMIN' = 'USER', secret = 'Hello'): Promise<Session> {
  const user = await createTestUser({ role });
  const conversationId = await createConversation(env.DB, user.id, {
    endpoint: 'Test',
    endpointType: 'custom',
    title: secret,
  });
  const first = await createMessage(env.DB, user.id, conversationId, { text: secret });
  const messageId = await createMessage(env.DB, user.id, conversationId, {
    parentMessageId: first,
    isCreatedByUser: false,
    sender: 'AI',
    text: secret,
  });
  await createTag(env.DB, user.id, { tag: 'sweep', description: null, conversationId }, 'Saved', 100);
  const shareId = crypto.randomUUID();
  await createSharedLink(env.DB, user.id, conversationId, shareId);
  const agentId = `agent_${crypto.randomUUID().replaceAll('-', '').slice(0, 21)}`;
  // On the sweep's endpoint with a tool, so a send to it runs the agent loop.
  await insertAgent(env.DB, user.id, agentId, {
    name: secret,
    instructions: secret,
    provider: 'Test',
    model: 'test-model',
    tools: ['calculator'],
  });
  const promptIds = { groupId: crypto.randomUUID(), promptId: crypto.randomUUID() };
  await insertGroupWithVersion(
    env.DB,
    user.id,
    promptIds,
    { name: secret, category: 'code', oneliner: '', command: 'sweep', authorName: 'Sweep' },
    { prompt: secret, type: 'text' },
  );
  return {
    ids: {
      userId: user.id,
      conversationId,
      messageId,
      shareId,
      tag: 'sweep',
      agentId,
      promptGroupId: promptIds.groupId,
      promptId: promptIds.promptId,
    },
    headers: await authHeader(user),
  };
}

/** The route's path with each parameter set to `value`, or to the user's own object. */
export function concretePath(pattern: string, ids: OwnIds, value?: string): string {
  const own: Record<string, string> = {
    userId: ids.userId,
    conversationId: ids.conversationId,
    messageId: ids.messageId,
    shareId: ids.shareId,
    tag: ids.tag,
    id: ids.agentId,
    agent_id: ids.agentId,
    action_id: 'action_x',
    groupId: ids.promptGroupId,
    promptId: ids.promptId,
    toolId: 'calculator',
    role: 'USER',
    name: 'Test',
    endpoint: 'custom',
    provider: 'apple',
    file: 'avatar.png',
  };
  return pattern
    .replace(/:([A-Za-z_]+)/g, (_, param: string) => encodeURIComponent(value ?? own[param] ?? 'x'))
    .replace('*', `${ids.conversationId}/${ids.messageId}`);
}

/** A response body is read this long at most: a resumable stream may stay open. */
const READ_LIMIT_MS = 2_000;
const READ_LIMIT_CHARS = 64 * 1024;

async function readCapped(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  const deadline = Date.now() + READ_LIMIT_MS;
  let text = '';
  while (text.length < READ_LIMIT_CHARS) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), left));
    const chunk = await Promise.race([reader.read(), late]);
    if (chunk === 'late' || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

const STACK_TRACE = /\bat .*\(.*:\d+:\d+\)|\bat \S+\.(?:ts|js|mjs):\d+|Error:.*\/[\w-]+\.(?:ts|js|mjs)\b/;

function errorShapeProblem(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `not an object: ${text.slice(0, 120)}`;
  const { message, code, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string') return `no message: ${text.slice(0, 120)}`;
  if (code !== undefined && !isErrorCode(code)) return `unknown code ${String(code)}`;
  if (Object.keys(rest).length) return `extra keys ${Object.keys(rest).join(',')}`;
  return undefined;
}

const NATIVE_PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Object.prototype of this isolate (the app's and the Durable Objects') gained nothing. */
function pollution(): string | undefined {
  const added = Object.getOwnPropertyNames(Object.prototype).filter((key) => !NATIVE_PROTOTYPE_KEYS.has(key));
  const probe: Record<string, unknown> = {};
  if (probe.polluted !== undefined || added.length) return `Object.prototype polluted: ${added.join(',')}`;
  return undefined;
}

export interface Attempt {
  label: string;
  path: (ids: OwnIds) => string;
  body?: HostileBody;
  headers?: Record<string, string>;
  /** The status the answer must have, beyond the checks every answer passes. */
  status?: number;
  /** Text the answer must not carry (another user's data). */
  mustNotContain?: string;
}

/** Sends one attempt and lists what is wrong with the answer (nothing, when all is well). */
export async function sendHostile(route: string, session: Session, attempt: Attempt): Promise<string[]> {
  const [method = 'GET'] = route.split(' ');
  const body = method === 'GET' || method === 'HEAD' ? undefined : attempt.body;
  const res = await callApp(
    attempt.path(session.ids),
    {
      method,
      headers: {
        ...session.headers,
        ...(body?.contentType ? { 'content-type': body.contentType } : {}),
        // A fresh address each time, so per-address limits do not stop the sweep short.
        'cf-connecting-ip': randomIp(),
        ...attempt.headers,
      },
      ...(body ? { body: body.body(session.ids) } : {}),
    },
    SWEEP_VARS,
  );
  const text = await readCapped(res);
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${res.status}: ${text.slice(0, 200)}`);
  if (attempt.status !== undefined && res.status !== attempt.status)
    problems.push(`${res.status}, not ${attempt.status}`);
  if (attempt.mustNotContain && text.includes(attempt.mustNotContain)) problems.push(`leaks: ${text.slice(0, 200)}`);
  if (STACK_TRACE.test(text)) problems.push(`stack trace: ${text.slice(0, 200)}`);
  if (res.status >= 400 && !NOT_JSON_ROUTES.has(route)) {
    const shape = errorShapeProblem(text);
    if (shape) problems.push(`${res.status} ${shape}`);
  }
  const polluted = pollution();
  if (polluted) problems.push(polluted);
  return problems.map((problem) => `${attempt.label}: ${problem}`);
}
