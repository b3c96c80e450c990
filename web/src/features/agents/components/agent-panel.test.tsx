import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Agent } from '@contract/agents';
import { agentFixture, agentListFixture } from '@/shared/agents/testing/agent-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderPanel } from '../testing/render-panel';

const mine = agentFixture({ tools: ['calculator'] });
/** Shared with the user by someone else, not collaborative: the public view, no instructions, no author. */
const theirs = (() => {
  const {
    instructions: _i,
    author: _a,
    artifacts: _r,
    ...rest
  } = agentFixture({
    id: 'agent_theirs00000000000000',
    name: 'Shared Helper',
    projectIds: ['instance'],
  });
  return rest;
})();

type Handler = (call: FetchCall) => Response | undefined;

/** The agents API with `mine` and `theirs`; `extra` answers first. */
function agentsApi(extra: Handler = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/agents?')) return jsonResponse(agentListFixture([mine, theirs as Agent]));
    if (call.url === `/api/agents/${mine.id}`) return jsonResponse(mine);
    if (call.url === `/api/agents/${theirs.id}`) return jsonResponse(theirs);
    if (call.url === '/api/agents/actions') return jsonResponse([]);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

const panel = () => screen.getByRole('complementary', { name: 'Agent builder' });
const body = (call: FetchCall | undefined): unknown => (call?.body ? JSON.parse(call.body) : undefined);

describe('AgentPanel: a new agent', () => {
  it('asks for a provider and a model before creating, and sends nothing until then', async () => {
    const api = agentsApi();
    const { events } = renderPanel();
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Poet');
    await events.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Choose a provider.')).toBeInTheDocument();
    expect(screen.getByText('Choose a model.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('offers exactly four starter boxes', () => {
    agentsApi();
    renderPanel();
    expect(screen.getAllByRole('textbox', { name: /^Conversation starter/ })).toHaveLength(4);
  });

  it('keeps every field as typed and shows why when the server refuses the save', async () => {
    const api = agentsApi((call) =>
      call.method === 'POST' && call.url === '/api/agents'
        ? jsonResponse({ message: 'The provider "openAI" is not allowed for agents' }, 400)
        : undefined,
    );
    const { events } = renderPanel();
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Poet');
    await events.type(screen.getByRole('textbox', { name: 'Instructions' }), 'Rhyme.');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'anthropic');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('claude-sonnet-4');
    await events.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The provider "openAI" is not allowed for agents')).toBeInTheDocument();
    expect(body(api.calls.find((call) => call.method === 'POST'))).toMatchObject({
      name: 'Poet',
      instructions: 'Rhyme.',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Poet');
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveValue('Rhyme.');
  });

  it('offers no new agent without the CREATE permission', async () => {
    agentsApi();
    renderPanel({ agents: { CREATE: false } });
    expect(screen.getByText(/cannot create agents/)).toBeInTheDocument();
    expect(within(panel()).queryByRole('option', { name: 'New agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });
});

describe('AgentPanel: an existing agent', () => {
  it('saves the edited fields with PATCH', async () => {
    const api = agentsApi((call) =>
      call.method === 'PATCH' ? jsonResponse({ ...mine, name: 'Trip Planner Pro' }) : undefined,
    );
    const { events } = renderPanel({ initialAgentId: mine.id });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Trip Planner'));
    await events.type(name, ' Pro');
    await events.type(screen.getByRole('textbox', { name: 'Conversation starter 2' }), 'Where to in May?');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(`/api/agents/${mine.id}`);
    expect(body(patch)).toMatchObject({
      name: 'Trip Planner Pro',
      conversation_starters: ['Plan a weekend in Lisbon', 'Where to in May?'],
      tools: ['calculator'],
    });
    // Sharing fields are not sent by a role that cannot share.
    expect(body(patch)).not.toHaveProperty('projectIds');
  });

  it('hides sharing without SHARED_GLOBAL, and shares with everyone with it', async () => {
    agentsApi();
    const { unmount } = renderPanel({ initialAgentId: mine.id });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('checkbox', { name: 'Share with everyone' })).not.toBeInTheDocument();
    unmount();

    const api = agentsApi((call) => (call.method === 'PATCH' ? jsonResponse(mine) : undefined));
    const { events } = renderPanel({ initialAgentId: mine.id, agents: { SHARED_GLOBAL: true } });
    const share = await screen.findByRole('checkbox', { name: 'Share with everyone' });
    const collaborative = screen.getByRole('checkbox', { name: 'Others can edit it too' });
    expect(collaborative).toBeDisabled();
    await events.click(share);
    await events.click(collaborative);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(body(api.calls.find((call) => call.method === 'PATCH'))).toMatchObject({
      projectIds: ['instance'],
      isCollaborative: true,
    });
  });

  it('shows an agent the user may not edit read-only, without save or delete', async () => {
    agentsApi();
    renderPanel({ initialAgentId: theirs.id });
    expect(await screen.findByText(/only its author can change it/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Instructions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tools' })).not.toBeInTheDocument();
    // Anyone who may create agents may still copy it.
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
  });

  it('adds and removes tool keys from the tools dialog', async () => {
    const api = agentsApi((call) => {
      if (call.url === '/api/agents/tools')
        return jsonResponse([
          { name: 'Calculator', pluginKey: 'calculator', description: 'Does sums' },
          { name: 'search', pluginKey: 'search_mcp_docs', description: 'Searches the docs' },
        ]);
      return call.method === 'PATCH' ? jsonResponse(mine) : undefined;
    });
    const { events } = renderPanel({ initialAgentId: mine.id });
    await events.click(await screen.findByRole('button', { name: 'Add tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tools' });
    const calculator = await within(dialog).findByRole('checkbox', { name: /Calculator/ });
    expect(calculator).toBeChecked();
    await events.click(calculator);
    await events.click(within(dialog).getByRole('checkbox', { name: /^search.*docs/ }));
    await events.keyboard('{Escape}');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(body(api.calls.find((call) => call.method === 'PATCH'))).toMatchObject({ tools: ['search_mcp_docs'] });
  });

  it('uploads a picked picture as the agent avatar and says so when it is refused', async () => {
    const api = agentsApi((call) =>
      call.url === `/api/files/images/agents/${mine.id}/avatar`
        ? jsonResponse({ message: 'The image is larger than 2 MB' }, 413)
        : undefined,
    );
    const { events } = renderPanel({ initialAgentId: mine.id });
    const input = await screen.findByLabelText('Upload a picture');
    await events.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('The image is larger than 2 MB')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/avatar'))?.method).toBe('POST');
  });

  it('deletes only after confirming', async () => {
    const api = agentsApi((call) =>
      call.method === 'DELETE' ? jsonResponse({ message: 'Agent deleted' }) : undefined,
    );
    const { events } = renderPanel({ initialAgentId: mine.id });
    await events.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete agent' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(api.calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/agents/${mine.id}`);
  });
});

describe('AgentPanel: actions', () => {
  it('lists each problem the server finds on a line of its own, keeping the document', async () => {
    const api = agentsApi((call) =>
      call.method === 'POST' && call.url === `/api/agents/actions/${mine.id}`
        ? jsonResponse({ message: 'paths./a.get has no operationId\nservers is empty' }, 400)
        : undefined,
    );
    const { events } = renderPanel({ initialAgentId: mine.id });
    const spec = await screen.findByRole('textbox', { name: 'OpenAPI document (JSON or YAML)' });
    await events.click(spec);
    await events.paste('{"openapi":"3.1.0","servers":[{"url":"https://api.example.com/v1"}],"paths":{}}');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Authentication' }), 'bearer');
    await events.type(screen.getByLabelText('API key'), 'sk-1');
    await events.click(screen.getByRole('button', { name: 'Add action' }));
    const problems = await screen.findByRole('alert');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['paths./a.get has no operationId', 'servers is empty']);
    expect(spec).not.toHaveValue('');
    expect(body(api.calls.find((call) => call.url === `/api/agents/actions/${mine.id}`))).toEqual({
      metadata: {
        domain: 'api.example.com',
        raw_spec: '{"openapi":"3.1.0","servers":[{"url":"https://api.example.com/v1"}],"paths":{}}',
        auth: { type: 'service_http', authorization_type: 'bearer' },
        api_key: 'sk-1',
      },
    });
  });

  it('saves an OAuth action with its client settings in LibreChat’s fields', async () => {
    const api = agentsApi((call) =>
      call.method === 'POST' && call.url === `/api/agents/actions/${mine.id}`
        ? jsonResponse([mine, { action_id: 'act1', agent_id: mine.id, metadata: { domain: 'api.example.com' } }])
        : undefined,
    );
    const { events } = renderPanel({ initialAgentId: mine.id });
    const spec = await screen.findByRole('textbox', { name: 'OpenAPI document (JSON or YAML)' });
    await events.click(spec);
    await events.paste('{"openapi":"3.1.0","servers":[{"url":"https://api.example.com/v1"}],"paths":{}}');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Authentication' }), 'oauth');
    expect(screen.queryByLabelText('API key')).toBeNull();
    await events.type(screen.getByLabelText('Client ID'), 'client-1');
    await events.type(screen.getByLabelText('Client secret'), 'secret-1');
    await events.type(screen.getByLabelText('Authorization URL'), 'https://id.example.com/authorize');
    await events.type(screen.getByLabelText('Token URL'), 'https://id.example.com/token');
    await events.type(screen.getByLabelText('Scope'), 'pets.read');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Token exchange' }), 'basic_auth_header');
    await events.click(screen.getByRole('button', { name: 'Add action' }));
    await waitFor(() =>
      expect(body(api.calls.find((call) => call.url === `/api/agents/actions/${mine.id}`))).toEqual({
        metadata: {
          domain: 'api.example.com',
          raw_spec: '{"openapi":"3.1.0","servers":[{"url":"https://api.example.com/v1"}],"paths":{}}',
          auth: {
            type: 'oauth',
            authorization_url: 'https://id.example.com/authorize',
            client_url: 'https://id.example.com/token',
            scope: 'pets.read',
            token_exchange_method: 'basic_auth_header',
          },
          oauth_client_id: 'client-1',
          oauth_client_secret: 'secret-1',
        },
      }),
    );
  });

  it("lists the agent's actions with a delete button each", async () => {
    const api = agentsApi((call) => {
      if (call.url === '/api/agents/actions')
        return jsonResponse([
          { action_id: 'act1', agent_id: mine.id, metadata: { domain: 'api.example.com' } },
          { action_id: 'act2', agent_id: 'agent_other', metadata: { domain: 'other.example.com' } },
        ]);
      return call.method === 'DELETE' ? jsonResponse({ message: 'Action deleted successfully' }) : undefined;
    });
    const { events } = renderPanel({ initialAgentId: mine.id });
    await events.click(await screen.findByRole('button', { name: 'Delete the action for api.example.com' }));
    expect(screen.queryByText('other.example.com')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/agents/actions/${mine.id}/act1`),
    );
  });
});
