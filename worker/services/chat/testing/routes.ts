/** Sending messages through the app in route tests. */
import { env } from 'cloudflare:workers';
import { NO_PARENT } from '../../../contract/endpoints';
import type { UserRow } from '../../../db/users';
import type { EnvVars } from '../../../env';
import { authHeader } from '../../../test/auth-helpers';
import { callApp } from '../../../test/helpers';
import { parseConfigOrThrow } from './config';
import { resetConfigCacheForTests, saveAppConfig } from '../../config/store';
import { TEST_BASE_URL } from '../../../test/chat/run-fixtures';
import { parseSse, type ParsedFrame } from '../../../test/chat/sse';

/**
 * A config with one custom OpenAI-compatible endpoint, `Test`, at TEST_BASE_URL, whose
 * `test-model` sees images (the operator says so) and `other-model` does not.
 */
export const CUSTOM_ENDPOINT_CONFIG = `
version: 1.2.5
endpoints:
  custom:
    - name: Test
      apiKey: sk-operator
      baseURL: ${TEST_BASE_URL}
      models:
        default: [test-model, other-model]
      visionModels: [test-model]
      titleConvo: true
      titleModel: test-model
      modelDisplayLabel: Tester
`;

export async function useConfig(yaml: string): Promise<void> {
  await saveAppConfig(env.CONFIG, parseConfigOrThrow(yaml));
  resetConfigCacheForTests();
}

/**
 * Deployment variables every chat route test starts from. Per-IP message limits are off:
 * every request in a test has the same (absent) client IP.
 */
export const CHAT_TEST_VARS: EnvVars = { LIMIT_MESSAGE_IP: 'false' };

/** A send body as LibreChat's client builds it, for the `Test` custom endpoint. */
export function sendBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    text: 'Hello',
    sender: 'User',
    clientTimestamp: '2025-07-21T10:00:00',
    isCreatedByUser: true,
    parentMessageId: NO_PARENT,
    conversationId: null,
    messageId: crypto.randomUUID(),
    endpoint: 'Test',
    endpointType: 'custom',
    model: 'test-model',
    temperature: 0.5,
    ...overrides,
  };
}

export interface SendResult {
  response: Response;
  frames: ParsedFrame[];
  text: string;
}

/** Posts a message and reads the whole stream. */
export async function send(
  user: UserRow,
  path: string,
  body: Record<string, unknown>,
  vars: EnvVars = {},
): Promise<SendResult> {
  const response = await post(user, path, body, vars);
  const text = await response.text();
  return {
    response,
    frames: response.headers.get('content-type')?.includes('text/event-stream') ? parseSse(text) : [],
    text,
  };
}

export async function post(user: UserRow, path: string, body: unknown, vars: EnvVars = {}): Promise<Response> {
  return callApp(
    path,
    {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { ...CHAT_TEST_VARS, ...vars },
  );
}

export async function get(user: UserRow, path: string, vars: EnvVars = {}): Promise<Response> {
  return callApp(path, { headers: await authHeader(user) }, { ...CHAT_TEST_VARS, ...vars });
}

/** The `final` frame's data, failing the test when there is none. */
export function finalOf(result: SendResult): {
  conversation: Record<string, unknown> & { conversationId: string };
  requestMessage: Record<string, unknown> & { messageId: string };
  responseMessage: Record<string, unknown> & { messageId: string; text: string };
  title: string | null;
} {
  const frame = result.frames.find((candidate) => candidate.data.final === true && candidate.event === 'message');
  if (!frame) throw new Error(`No final frame in: ${result.text.slice(0, 500)}`);
  const data = frame.data;
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null ? { ...value } : {};
  const conversation = record(data.conversation);
  const requestMessage = record(data.requestMessage);
  const responseMessage = record(data.responseMessage);
  return {
    conversation: { ...conversation, conversationId: String(conversation.conversationId) },
    requestMessage: { ...requestMessage, messageId: String(requestMessage.messageId) },
    responseMessage: {
      ...responseMessage,
      messageId: String(responseMessage.messageId),
      text: String(responseMessage.text),
    },
    title: typeof data.title === 'string' ? data.title : null,
  };
}

/** The `event: error` frame's parsed `text` (JSON when it is JSON, else the text). */
export function errorOf(result: SendResult): unknown {
  const frame = result.frames.find((candidate) => candidate.event === 'error');
  if (!frame) throw new Error(`No error frame in: ${result.text.slice(0, 500)}`);
  const text = String(frame.data.text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
