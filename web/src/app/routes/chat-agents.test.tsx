import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StartupConfig } from '@contract/config';
import { liveSseResponse } from '@/features/chat/stream/testing/sse';
import { agentFixture, agentListFixture } from '@/shared/agents/testing/agent-fixtures';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { startupConfigFixture } from '@/testing/startup-config';
import { renderApp } from '@/testing/render-app';

/* The chat route with agents: the landing of an agent's new chat, and the builder beside the chat. */

const planner = agentFixture({
  conversation_starters: ['Plan a weekend in Lisbon', 'Find cheap flights', 'Pack for rain', 'Budget a week', 'Fifth'],
});

function mockAgentsApi(config: Partial<StartupConfig> = {}) {
  const live = liveSseResponse();
  const api = mockAuthApi({
    session: testSession(),
    config,
    routes: {
      'GET /api/endpoints': () =>
        jsonResponse({
          openAI: { order: 0, userProvide: false, userProvideURL: false },
          agents: { order: 1, capabilities: ['tools', 'actions'] },
        }),
      'GET /api/models': () => jsonResponse({ openAI: ['gpt-4o-mini', 'gpt-4o'] }),
      'GET /api/convos?limit=25&isArchived=false': () => jsonResponse({ conversations: [], nextCursor: null }),
      'GET /api/roles/USER': () =>
        jsonResponse({ name: 'USER', permissions: { AGENTS: { USE: true, CREATE: true, SHARED_GLOBAL: false } } }),
      'GET /api/agents?limit=100': () => jsonResponse(agentListFixture([planner])),
      [`GET /api/agents/${planner.id}`]: () => jsonResponse(planner),
      'POST /api/agents/chat': () => live.response,
      'POST /api/agents': (call) =>
        jsonResponse(
          agentFixture({ id: 'agent_created0000000000000', ...(JSON.parse(call.body ?? '{}') as object) }),
          201,
        ),
      'GET /api/agents/agent_created0000000000000': () =>
        jsonResponse(agentFixture({ id: 'agent_created0000000000000', name: 'Poet', conversation_starters: [] })),
    },
  });
  return { api, live };
}

describe('a new chat with an agent', () => {
  it('shows the agent, its first four starters, and sends the one clicked', { timeout: 20_000 }, async () => {
    const { api } = mockAgentsApi();
    const user = userEvent.setup();
    renderApp(`/c/new?agent_id=${planner.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip Planner' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Plans trips on a budget')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message input' });
    await waitFor(() => expect(box).toHaveAttribute('placeholder', 'Message Trip Planner'));
    const starters = screen.getByRole('list', { name: 'Conversation starters' });
    expect(
      within(starters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Plan a weekend in Lisbon', 'Find cheap flights', 'Pack for rain', 'Budget a week']);
    await waitFor(() => expect(within(starters).getByRole('button', { name: 'Find cheap flights' })).toBeEnabled());
    await user.click(within(starters).getByRole('button', { name: 'Find cheap flights' }));
    await waitFor(() => expect(api.sent('POST /api/agents/chat')).toHaveLength(1));
    expect(api.sent('POST /api/agents/chat')[0]).toMatchObject({
      text: 'Find cheap flights',
      endpoint: 'agents',
      agent_id: planner.id,
    });
  });
});

describe('the agent builder', () => {
  it('opens beside the chat from the header and creates an agent', { timeout: 20_000 }, async () => {
    const { api } = mockAgentsApi();
    const user = userEvent.setup();
    // The toggle is offered on the Agents endpoint.
    renderApp('/c/new?endpoint=agents');
    const toggle = await screen.findByRole('button', { name: 'Open the agent builder' }, PAGE_LOAD);
    await user.click(toggle);
    const panel = await screen.findByRole('complementary', { name: 'Agent builder' }, PAGE_LOAD);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(within(panel).getByRole('textbox', { name: 'Name' }), 'Poet');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Provider' }), 'openAI');
    expect(within(panel).getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-4o-mini');
    await user.type(within(panel).getByRole('textbox', { name: 'Conversation starter 1' }), 'Write a haiku');
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.sent('POST /api/agents')).toHaveLength(1));
    expect(api.sent('POST /api/agents')[0]).toMatchObject({
      name: 'Poet',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      conversation_starters: ['Write a haiku'],
    });
    await waitFor(() =>
      expect(within(panel).getByRole('combobox', { name: 'Agent' })).toHaveValue('agent_created0000000000000'),
    );
    await user.click(within(panel).getByRole('button', { name: 'Close the agent builder' }));
    expect(screen.queryByRole('complementary', { name: 'Agent builder' })).not.toBeInTheDocument();
  });

  it('is not offered when the config hides the side panel', { timeout: 20_000 }, async () => {
    mockAgentsApi({ interface: { ...startupConfigFixture.interface, sidePanel: false } });
    renderApp('/c/new');
    await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Endpoint:/ })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Open the agent builder' })).not.toBeInTheDocument();
  });
});
