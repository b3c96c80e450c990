import { describe, expect, it } from 'vitest';
import { agentSchema, publicAgentSchema } from '../contract/agents';
import { createAgentAs, messageOf, shareAgent } from '../services/agents/test-helpers';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

describe('/api/agents: a chain of agents (agent_ids)', () => {
  it('stores and returns the chain in order with its two switches, on create and update', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const second = await createAgentAs(user, { name: 'Second' });
    const shared = await shareAgent(other, (await createAgentAs(other, { name: 'Shared' })).id);
    const primary = await createAgentAs(user, {
      agent_ids: [shared.id, second.id],
      hide_sequential_outputs: true,
      end_after_tools: true,
    });
    expect(primary).toMatchObject({
      agent_ids: [shared.id, second.id],
      hide_sequential_outputs: true,
      end_after_tools: true,
    });
    const res = await callAs(user, `/api/agents/${primary.id}`, 'PATCH', {
      agent_ids: [second.id],
      hide_sequential_outputs: false,
    });
    expect(res.status).toBe(200);
    const updated = agentSchema.parse(await res.json());
    expect(updated).toMatchObject({ agent_ids: [second.id], hide_sequential_outputs: false, end_after_tools: true });
    const read = agentSchema.parse(await (await callAs(user, `/api/agents/${primary.id}`)).json());
    expect(read.agent_ids).toEqual([second.id]);
  });

  it('refuses an unknown id and another user’s private agent with the same 400, and the agent itself', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const foreign = await createAgentAs(other, { name: 'Private' });
    const unknown = 'agent_doesNotExist000000';
    const answers: string[] = [];
    for (const id of [foreign.id, unknown]) {
      const res = await callAs(user, '/api/agents', 'POST', {
        provider: 'openAI',
        model: 'gpt-4o-mini',
        agent_ids: [id],
      });
      expect(res.status).toBe(400);
      answers.push((await messageOf(res)).replace(id, '<id>'));
    }
    expect(answers[0]).toBe('agent_ids: <id> is not an agent you can use');
    expect(answers[1]).toBe(answers[0]);
    const own = await createAgentAs(user);
    const patch = (agent_ids: string[]) => callAs(user, `/api/agents/${own.id}`, 'PATCH', { agent_ids });
    const selfRes = await patch([own.id]);
    expect(selfRes.status).toBe(400);
    expect(await messageOf(selfRes)).toContain('cannot be chained to itself');
    expect((await patch([foreign.id])).status).toBe(400);
    const second = await createAgentAs(user);
    expect((await patch([second.id, second.id])).status).toBe(400);
    expect((await patch(Array.from({ length: 11 }, () => second.id))).status).toBe(400);
    // Nothing of the refused bodies was written.
    const read = agentSchema.parse(await (await callAs(user, `/api/agents/${own.id}`)).json());
    expect(read.agent_ids).toEqual([]);
  });

  it('shows the hide switch, not the chain, to those it is shared with who may not edit', async () => {
    const author = await createTestUser();
    const reader = await createTestUser();
    const helper = await createAgentAs(author);
    const agent = await createAgentAs(author, { agent_ids: [helper.id], hide_sequential_outputs: true });
    await shareAgent(author, agent.id);
    const seen = await (await callAs(reader, `/api/agents/${agent.id}`)).json();
    expect(publicAgentSchema.strict().parse(seen)).toMatchObject({ hide_sequential_outputs: true });
    expect(seen).not.toHaveProperty('agent_ids');
  });
});

describe('/api/agents: a collaborative editor and the author’s chain', () => {
  it('keeps chained agents the editor cannot see, and refuses adding one', async () => {
    const author = await createTestUser();
    const editor = await createTestUser();
    const hidden = await createAgentAs(author, { name: 'Private helper' });
    const otherHidden = await createAgentAs(author, { name: 'Another private one' });
    const agent = await createAgentAs(author, { agent_ids: [hidden.id] });
    await shareAgent(author, agent.id, true);
    const own = await createAgentAs(editor);
    const patch = (agent_ids: string[]) => callAs(editor, `/api/agents/${agent.id}`, 'PATCH', { name: 'x', agent_ids });
    expect((await patch([hidden.id])).status).toBe(200);
    const kept = await patch([own.id, hidden.id]);
    expect(kept.status).toBe(200);
    expect(agentSchema.parse(await kept.json()).agent_ids).toEqual([own.id, hidden.id]);
    expect((await patch([own.id, hidden.id, otherHidden.id])).status).toBe(400);
  });
});
