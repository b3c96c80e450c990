import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentFixture, agentListFixture } from '@/shared/agents/testing/agent-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderPanel } from '../testing/render-panel';

const helper = (n: number) => agentFixture({ id: `agent_helper${String(n).padStart(15, '0')}`, name: `Helper ${n}` });
const first = helper(1);
const second = helper(2);
const third = helper(3);
const main = agentFixture({
  id: 'agent_main0000000000000000',
  name: 'Main',
  agent_ids: [second.id, 'agent_gone0000000000'],
});

function chainApi(agents = [main, first, second, third]) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/agents?')) return jsonResponse(agentListFixture(agents));
    if (call.url === `/api/agents/${main.id}`) return jsonResponse(main);
    if (call.url === '/api/agents/actions') return jsonResponse([]);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

const body = (call: FetchCall | undefined): unknown => (call?.body ? JSON.parse(call.body) : undefined);
const chainList = () => screen.getByRole('list', { name: 'Agent chain' });
/** Each row's agent name (the avatar's initial aside). */
const names = () =>
  within(chainList())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[title]')?.getAttribute('title'));

describe('AgentPanel: the agent chain section', () => {
  it('is there only when the server offers the chain capability', async () => {
    chainApi();
    renderPanel({ initialAgentId: main.id, capabilities: ['tools', 'hide_sequential_outputs'] });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('heading', { name: 'Agent chain' })).not.toBeInTheDocument();
    // The switch stays among the capabilities when there is no chain section.
    expect(screen.getByRole('checkbox', { name: /Show only the last agent/ })).toBeInTheDocument();
  });

  it('adds from the usable agents (never the agent itself), reorders, removes, and saves it all', async () => {
    const api = chainApi();
    const { events } = renderPanel({ initialAgentId: main.id, capabilities: ['chain', 'hide_sequential_outputs'] });
    await screen.findByRole('heading', { name: 'Agent chain' });
    await waitFor(() => expect(names()).toEqual(['Helper 2', 'agent_gone0000000000']));
    expect(screen.getByText('2 of 10')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Choose an agent to add' });
    const offered = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Choose an agent to add', 'Helper 1', 'Helper 3']);
    await events.selectOptions(picker, third.id);
    await events.click(screen.getByRole('button', { name: 'Add' }));
    expect(names()).toEqual(['Helper 2', 'agent_gone0000000000', 'Helper 3']);
    await events.click(screen.getByRole('button', { name: 'Move Helper 3 up' }));
    expect(names()).toEqual(['Helper 2', 'Helper 3', 'agent_gone0000000000']);
    await events.click(screen.getByRole('button', { name: 'Remove agent_gone0000000000 from the chain' }));
    expect(names()).toEqual(['Helper 2', 'Helper 3']);
    expect(screen.getByRole('button', { name: 'Move Helper 2 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Helper 3 down' })).toBeDisabled();
    await events.click(screen.getByRole('checkbox', { name: /Show only the last agent/ }));
    // Only one hide switch: it moved into the chain's section.
    expect(screen.getAllByRole('checkbox', { name: /Show only the last agent/ })).toHaveLength(1);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(body(api.calls.find((call) => call.method === 'PATCH'))).toMatchObject({
      agent_ids: [second.id, third.id],
      hide_sequential_outputs: true,
    });
  });

  it('stops offering agents once the chain holds ten', async () => {
    const many = Array.from({ length: 11 }, (_, index) => helper(index + 10));
    const full = { ...main, agent_ids: many.slice(0, 10).map((agent) => agent.id) };
    mockFetch((call) => {
      if (call.url.startsWith('/api/agents?')) return jsonResponse(agentListFixture([full, ...many]));
      if (call.url === `/api/agents/${main.id}`) return jsonResponse(full);
      if (call.url === '/api/agents/actions') return jsonResponse([]);
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderPanel({ initialAgentId: main.id, capabilities: ['chain'] });
    expect(await screen.findByText('10 of 10')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Choose an agent to add' });
    expect(picker).toBeDisabled();
    expect(within(picker).getByRole('option', { name: 'The chain is full' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });
});
