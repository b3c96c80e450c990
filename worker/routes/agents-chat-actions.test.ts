import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAIToolTurn } from '../test/chat/agent-fixtures';
import { AGENT_CHAT_CONFIG, finalTurn, offeredTools, stubAgentSendNetwork } from '../test/chat/agent-send-fixtures';
import { sseResponse } from '../test/chat/provider-replies';
import { finalOf, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { actionBody, petsSpecAt, saveActionAs } from '../services/agents/actions/test-helpers';
import { createAgentAs } from '../services/agents/test-helpers';
import { clearMcpListingsForTests } from '../services/agents/mcp-listing';
import { createTestUser } from '../test/auth-helpers';
import { petsHandler } from '../test/mock-tools/action-handler';
import { TEST_CREDS } from '../test/two-factor-helpers';

/** The pets API on loopback: only TOOLS_PRIVATE_HOSTS lets the action reach it. */
const PETS_HOST = '127.0.0.1:8933';
const PETS_ORIGIN = `http://${PETS_HOST}`;
const GET_PET = 'showPet_action_127---0---0---1';

beforeEach(async () => {
  await useConfig(AGENT_CHAT_CONFIG);
  clearMcpListingsForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function petsAgent(auth: Record<string, unknown> = {}) {
  const user = await createTestUser();
  const agent = await createAgentAs(user, { name: 'Vet', provider: 'Test', model: 'test-model', tools: [] });
  const { agent: saved } = await saveActionAs(
    user,
    agent.id,
    actionBody({ domain: '127.0.0.1', raw_spec: petsSpecAt(PETS_ORIGIN), ...auth }),
  );
  return { user, agent: saved };
}

const body = (agentId: string) =>
  sendBody({ endpoint: 'agents', endpointType: undefined, model: undefined, agent_id: agentId, text: 'Find Rex' });

const getPetCall = () => sseResponse(openAIToolTurn('', [{ id: 'call_pet', name: GET_PET, args: '{"petId":"rex"}' }]));

describe('POST /api/agents/chat with an action', () => {
  it('offers the agent’s operations and calls the API with the stored key', async () => {
    const { user, agent } = await petsAgent({
      auth: { type: 'service_http', authorization_type: 'bearer' },
      api_key: 'pets-key-1',
    });
    expect(agent.tools).toContain(GET_PET);
    const network = stubAgentSendNetwork([getPetCall, finalTurn('Rex is here.')], {
      [PETS_ORIGIN]: petsHandler({ credential: { header: 'authorization', value: 'Bearer pets-key-1' } }),
    });
    const result = await send(user, '/api/agents/chat', body(agent.id), {
      ...TEST_CREDS,
      TOOLS_PRIVATE_HOSTS: PETS_HOST,
    });
    const { responseMessage } = finalOf(result);
    expect(offeredTools(network.providerBodies[0])).toContain(GET_PET);
    const [call] = responseMessage.content as { tool_call: { name: string; output: string; progress: number } }[];
    expect(call?.tool_call).toMatchObject({ name: GET_PET, progress: 1 });
    expect(JSON.parse(call?.tool_call.output ?? '')).toMatchObject({ id: 'rex' });
    expect(responseMessage.text).toBe('Rex is here.');
  });

  it('turns a loopback API the operator did not name into an error result, and still answers', async () => {
    const { user, agent } = await petsAgent();
    stubAgentSendNetwork([getPetCall, finalTurn('Could not reach it.')], { [PETS_ORIGIN]: petsHandler() });
    const result = await send(user, '/api/agents/chat', body(agent.id), TEST_CREDS);
    const { responseMessage } = finalOf(result);
    const [call] = responseMessage.content as { tool_call: { output: string } }[];
    expect(call?.tool_call.output).toMatch(/^Error processing tool showPet_action_127---0---0---1: .*127\.0\.0\.1/);
    expect(responseMessage.text).toBe('Could not reach it.');
  });
});
