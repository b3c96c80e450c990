import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentFixture, agentListFixture } from '@/shared/agents/testing/agent-fixtures';
import { endpointsFixture } from '@/testing/chat-setup-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { currentSetup, renderWithSetup } from '../testing/render-setup';
import { SetupBar } from './setup-bar';

const planner = agentFixture({ avatar: { filepath: '/api/files/images/agents/a/avatar/x.png', source: 'r2' } });
const coder = agentFixture({
  id: 'agent_helper000000000000002',
  name: 'Code Reviewer',
  description: 'Reads diffs',
  conversation_starters: [],
});
const endpoints = { ...endpointsFixture, agents: { order: 1, capabilities: ['tools', 'actions'] } };

function agentsServer() {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/agents?')) return jsonResponse(agentListFixture([planner, coder]));
    if (call.url === `/api/agents/${planner.id}`) return jsonResponse(planner);
    if (call.url === `/api/agents/${coder.id}`) return jsonResponse(coder);
    return jsonResponse({ message: 'Key not found' }, 404);
  });
}

describe('Agent picker', () => {
  it('offers Agents in the endpoints menu when the server offers agents', async () => {
    agentsServer();
    const { events } = renderWithSetup(<SetupBar />, { endpoints });
    await events.click(screen.getByRole('button', { name: 'Endpoint: OpenAI' }));
    expect(screen.getByRole('option', { name: /Agents/ })).toBeInTheDocument();
  });

  it('lists the visible agents with their descriptions, filters by search, and sets the setup', async () => {
    agentsServer();
    const { events } = renderWithSetup(<SetupBar />, { endpoints, initial: { endpoint: 'agents' } });
    const button = screen.getByRole('button', { name: /^Agent:/ });
    expect(button).toHaveAccessibleName('Agent: Please select an agent');
    await events.click(button);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getByRole('option', { name: /Trip Planner/ })).toHaveTextContent('Plans trips on a budget');
    expect(
      within(list)
        .getByRole('option', { name: /Trip Planner/ })
        .querySelector('img'),
    ).toHaveAttribute('src', planner.avatar?.filepath);

    await events.type(screen.getByRole('combobox', { name: 'Search agents' }), 'diffs');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    await events.click(within(list).getByRole('option', { name: /Code Reviewer/ }));

    expect(currentSetup()).toMatchObject({ endpoint: 'agents', agent_id: coder.id });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Agent:/ })).toHaveAccessibleName('Agent: Code Reviewer'),
    );
    // An agent brings its own model: no model menu beside it.
    expect(screen.queryByRole('button', { name: /^Model:/ })).not.toBeInTheDocument();
  });

  it('shows the model menu again on another endpoint', () => {
    agentsServer();
    renderWithSetup(<SetupBar />, { endpoints });
    expect(screen.queryByRole('button', { name: /^Agent:/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Model:/ })).toBeInTheDocument();
  });
});
