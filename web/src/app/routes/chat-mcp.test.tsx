import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  runStepFrame,
  savedConversation,
  textFrame,
  userMessage,
} from '@/features/chat/stream/testing/sse';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

/*
 * Turning on an MCP server in a chat on another endpoint: the send goes to the agents endpoint
 * under the chat's own endpoint, carrying the servers, and the choice stays with the
 * conversation once the server names it.
 */

afterEach(() => window.localStorage.clear());

const TOOLS = [
  { name: 'Calculator', pluginKey: 'calculator', description: 'Math' },
  { name: 'echo', pluginKey: 'echo_mcp_local', description: 'Echoes' },
  { name: 'secret', pluginKey: 'secret_mcp_internal', description: 'Agents only', chatMenu: false },
];

function mockApi({
  agentsUse,
  routes,
}: {
  agentsUse: boolean;
  routes: NonNullable<Parameters<typeof mockAuthApi>[0]>['routes'];
}) {
  return mockAuthApi({
    session: testSession(),
    routes: {
      'GET /api/endpoints': () =>
        jsonResponse({
          openAI: { order: 0, userProvide: false, userProvideURL: false },
          agents: { order: 1, userProvide: false, userProvideURL: false, capabilities: ['tools'] },
        }),
      'GET /api/models': () => jsonResponse({ openAI: ['gpt-4o-mini'], agents: [] }),
      'GET /api/convos?limit=25&isArchived=false': () => jsonResponse({ conversations: [], nextCursor: null }),
      'GET /api/roles/USER': () => jsonResponse({ name: 'USER', permissions: { AGENTS: { USE: agentsUse } } }),
      'GET /api/agents/tools': () => jsonResponse(TOOLS),
      [`GET /api/convos/${CONVERSATION_ID}`]: () => jsonResponse(savedConversation()),
      ...routes,
    },
  });
}

describe('MCP servers in a chat', () => {
  it(
    'sends to the agents endpoint with the servers on, and keeps them for the next message',
    { timeout: 20_000 },
    async () => {
      const first = liveSseResponse();
      const second = liveSseResponse();
      const replies = [first, second];
      const api = mockApi({
        agentsUse: true,
        routes: { 'POST /api/agents/chat/openAI': () => replies.shift()!.response },
      });
      const user = userEvent.setup();
      const { router } = renderApp('/c/new');
      const box = await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
      await waitFor(() => expect(box).toBeEnabled(), PAGE_LOAD);

      await user.click(await screen.findByRole('button', { name: 'MCP servers' }, PAGE_LOAD));
      // Only the servers offered for chats.
      expect(screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual(['local']);
      await user.click(screen.getByRole('menuitemcheckbox', { name: 'local' }));
      await user.keyboard('{Escape}');
      expect(screen.getByRole('button', { name: '1 MCP server on' })).toBeInTheDocument();

      await user.type(box, 'Echo this{Enter}');
      await waitFor(() => expect(api.sent('POST /api/agents/chat/openAI')).toHaveLength(1));
      expect(api.sent('POST /api/agents/chat/openAI')[0]).toMatchObject({
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        text: 'Echo this',
        ephemeralAgent: { mcp: ['local'] },
      });
      first.push(createdFrame(userMessage({ text: 'Echo this' })));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/c/${CONVERSATION_ID}`));
      first.push(runStepFrame('step_1', 0) + textFrame('step_1', 'Done.'));
      first.push(finalFrame());
      first.close();

      await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());
      expect(screen.getByRole('button', { name: '1 MCP server on' })).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Message input' }), 'Again{Enter}');
      await waitFor(() => expect(api.sent('POST /api/agents/chat/openAI')).toHaveLength(2));
      expect(api.sent('POST /api/agents/chat/openAI')[1]).toMatchObject({
        conversationId: CONVERSATION_ID,
        ephemeralAgent: { mcp: ['local'] },
      });
      second.close();
    },
  );

  it('is not offered without the permission to use agents', { timeout: 20_000 }, async () => {
    const api = mockApi({ agentsUse: false, routes: {} });
    renderApp('/c/new');
    const box = await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
    await waitFor(() => expect(box).toBeEnabled(), PAGE_LOAD);
    await waitFor(() => expect(api.calls.some((call) => call.url === '/api/roles/USER')).toBe(true));
    expect(screen.queryByRole('button', { name: /MCP/ })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/api/agents/tools')).toBe(false);
  });
});
