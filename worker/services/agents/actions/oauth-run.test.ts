import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentToolSpec } from '../../../engine/agent-spec';
import { resolveActionTools } from './resolve';
import {
  CLIENT,
  IDP_HOST,
  IDP_ORIGIN,
  LIST_PETS,
  OAUTH_PETS_HOST,
  OAUTH_PETS_ORIGIN,
  oauthPetsAgent,
} from './oauth-fixtures';
import { testRun } from './test-helpers';
import { CUSTOM_ENDPOINT_CONFIG, useConfig } from '../../chat/testing/routes';
import { toolNetworkPolicy, toolOutbound } from '../tool-network';
import { agentRunSpec, agentSpec, openAIToolTurn, stubAgentNetwork } from '../../../test/chat/agent-fixtures';
import { openAIStream, sseResponse } from '../../../test/chat/provider-replies';
import { conversationStubFor, startRunRequest } from '../../../test/chat/run-fixtures';
import { finalFrame, parseSse } from '../../../test/chat/sse';
import { callApp } from '../../../test/helpers';
import { authHeader, createTestUser } from '../../../test/auth-helpers';
import { ACTION_SIGN_IN_CONFIRM_PATH } from '../../../contract/action-sign-in-paths';
import type { UserRow } from '../../../db/users';
import { petsHandler } from '../../../test/mock-tools/action-handler';
import { bearerGuard, mockOAuthServer } from '../../../test/mock-tools/oauth-server';
import { TEST_CREDS } from '../../../test/two-factor-helpers';

const VARS = { ...TEST_CREDS, TOOLS_PRIVATE_HOSTS: `${IDP_HOST},${OAUTH_PETS_HOST}` };

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** An agent run whose one action signs in with OAuth; the provider calls it, then answers. */
async function oauthRun(waitMs: number) {
  const { user, agentId, actionId } = await oauthPetsAgent();
  const idp = mockOAuthServer({ ...CLIENT, method: 'default_post' });
  stubAgentNetwork(
    [
      () => sseResponse(openAIToolTurn('', [{ id: 'call_pets', name: LIST_PETS, args: '{}' }])),
      () => sseResponse(openAIStream(['Here are the pets.'])),
    ],
    { [IDP_ORIGIN]: idp.handler, [OAUTH_PETS_ORIGIN]: bearerGuard(idp, petsHandler()) },
  );
  const network = toolNetworkPolicy(VARS, {});
  const run = testRun(user.id, { network, outbound: toolOutbound(network), serverOrigin: 'http://app.test', waitMs });
  const tools = await resolveActionTools(TEST_CREDS, env.DB, agentId, [LIST_PETS], run);
  const spec = agentRunSpec(
    user,
    agentSpec(
      tools.map((tool): AgentToolSpec => ({ ...tool, wireName: tool.key })),
      { network },
    ),
  );
  return { spec, idp, actionId, user, stub: conversationStubFor(spec) };
}

/** Reads the stream until `until` holds for the text so far; the reader stays open for more. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean, text = '') {
  const decoder = new TextDecoder();
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

async function confirmAs(user: UserRow, state: string, cookie: string) {
  const headers = { ...(await authHeader(user)), 'content-type': 'application/json', cookie };
  const init = { method: 'POST', headers, body: JSON.stringify({ state }) };
  return callApp(ACTION_SIGN_IN_CONFIRM_PATH, init, VARS);
}

interface ToolCallOut {
  tool_call: { name: string; output: string };
}

describe('ConversationDO: an OAuth action', () => {
  it('asks for sign-in on the call, waits through the callback, and goes on once its user confirms', async () => {
    const { spec, idp, actionId, stub, user: owner } = await oauthRun(60_000);
    const response = await stub.fetch(...startRunRequest(spec));
    const reader = response.body!.getReader();
    const before = await readUntil(reader, (text) => text.includes('"auth"'));
    const frames = parseSse(before);
    const authFrame = frames.find((frame) => JSON.stringify(frame.data).includes('"auth"'));
    const delta = (authFrame?.data as { data: { delta: { auth: string; expires_at: number; tool_calls: unknown[] } } })
      .data.delta;
    expect(delta.tool_calls).toEqual([]);
    expect(delta.expires_at).toBeGreaterThan(Date.now() + 50_000);
    const link = new URL(delta.auth);
    expect(link.origin + link.pathname).toBe(`${IDP_ORIGIN}/authorize`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: `http://app.test/api/actions/${actionId}/oauth/callback`,
      scope: 'pets.read',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });

    // The user follows the link; the provider sends the browser back to the callback, which
    // leads to the app's page; there another user's session cannot take it, the owner's can.
    const back = new URL((await idp.handler(new Request(link))).headers.get('location') ?? '');
    const callback = await callApp(back.pathname + back.search, {}, VARS);
    expect(callback.status).toBe(303);
    const cookie = callback.headers.get('set-cookie')!.split(';')[0]!;
    const state = link.searchParams.get('state')!;
    expect((await confirmAs(await createTestUser(), state, cookie)).status).toBe(404);
    expect(idp.grants).toEqual([]);
    expect((await confirmAs(owner, state, cookie)).status).toBe(200);

    const text = await readUntil(reader, () => false, before);
    const all = parseSse(text);
    const final = finalFrame(all) as { responseMessage: { content: ToolCallOut[]; text: string } };
    const [call] = final.responseMessage.content;
    expect(call?.tool_call.name).toBe(LIST_PETS);
    expect(JSON.parse(call?.tool_call.output ?? '')).toMatchObject({ limit: null });
    expect(final.responseMessage.text).toBe('Here are the pets.');
    // Neither the client's secret nor the user's tokens reach the stream.
    for (const secret of [CLIENT.clientSecret, idp.issued[0]!]) expect(text).not.toContain(secret);
  });

  it('a sign-in that does not come in time ends the call with LibreChat’s text, and the run answers', async () => {
    const { spec, stub } = await oauthRun(50);
    const response = await stub.fetch(...startRunRequest(spec));
    const text = await readUntil(response.body!.getReader(), () => false);
    const final = finalFrame(parseSse(text)) as { responseMessage: { content: ToolCallOut[] } };
    expect(text).toContain('"auth":"http://127.0.0.1:8934/authorize?');
    expect(final.responseMessage.content[0]?.tool_call.output).toBe(
      `Error processing tool ${LIST_PETS}: No access token found. Please log in first.`,
    );
  });

  it('stopping the run ends the wait at once', async () => {
    const { spec, stub } = await oauthRun(60_000);
    const response = await stub.fetch(...startRunRequest(spec));
    const reader = response.body!.getReader();
    await readUntil(reader, (text) => text.includes('"auth"'));
    const started = Date.now();
    const aborted = await stub.abort(spec.userId);
    expect(aborted.status).toBe('aborted');
    await readUntil(reader, () => false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
