import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_ID,
  liveSseResponse,
  replyMessage,
  savedConversation,
  userMessage,
} from '@/features/chat/stream/testing/sse';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

/*
 * A legacy plugins (`gptPlugins`) chat, saved before or imported: the endpoint menu does not list
 * plugins, but the chat goes on with its tools while OpenAI is offered.
 */

const PLUGINS_CHAT = savedConversation({
  endpoint: 'gptPlugins',
  model: 'gpt-4o-mini',
  title: 'Sums',
  tools: ['calculator'],
});

function mockPluginsChatApi(endpoints: Record<string, unknown>, live = liveSseResponse()) {
  return mockAuthApi({
    session: testSession(),
    routes: {
      'GET /api/endpoints': () => jsonResponse(endpoints),
      'GET /api/models': () => jsonResponse({ openAI: ['gpt-4o-mini', 'gpt-4o'] }),
      'GET /api/convos?limit=25&isArchived=false': () => jsonResponse({ conversations: [], nextCursor: null }),
      [`GET /api/convos/${CONVERSATION_ID}`]: () => jsonResponse(PLUGINS_CHAT),
      [`GET /api/messages/${CONVERSATION_ID}`]: () =>
        jsonResponse([
          userMessage({ endpoint: 'gptPlugins' }),
          replyMessage({ endpoint: 'gptPlugins', model: 'gpt-4o-mini', sender: 'GPT-4' }),
        ]),
      'POST /api/ask/gptPlugins': () => live.response,
      // An MCP server the menu would offer on OpenAI: a plugins chat brings its own tools instead.
      'GET /api/roles/USER': () => jsonResponse({ name: 'USER', permissions: { AGENTS: { USE: true } } }),
      'GET /api/agents/tools': () =>
        jsonResponse([{ name: 'echo', pluginKey: 'echo_mcp_local', description: 'Echoes' }]),
    },
  });
}

describe('a plugins chat', () => {
  it('continues on /api/ask/gptPlugins with its tools while OpenAI is offered', { timeout: 20_000 }, async () => {
    const live = liveSseResponse();
    const api = mockPluginsChatApi(
      {
        openAI: { order: 0, userProvide: false, userProvideURL: false },
        agents: { order: 1, userProvide: false, userProvideURL: false, capabilities: ['tools'] },
      },
      live,
    );
    const user = userEvent.setup();
    renderApp(`/c/${CONVERSATION_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
    await waitFor(() => expect(box).toBeEnabled(), PAGE_LOAD);
    expect(screen.queryByText(/which this instance does not offer/)).not.toBeInTheDocument();

    await user.type(box, 'And 3+3?{Enter}');
    await waitFor(() => expect(api.sent('POST /api/ask/gptPlugins')).toHaveLength(1));
    expect(api.sent('POST /api/ask/gptPlugins')[0]).toMatchObject({
      endpoint: 'gptPlugins',
      model: 'gpt-4o-mini',
      tools: ['calculator'],
      conversationId: CONVERSATION_ID,
      text: 'And 3+3?',
    });
    expect(api.sent('GET /api/agents/tools').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'MCP servers' })).not.toBeInTheDocument();
    live.close();
  });

  it('asks for the OpenAI key when users bring theirs, and offers OpenAI’s models', { timeout: 20_000 }, async () => {
    mockPluginsChatApi({ openAI: { order: 0, userProvide: true, userProvideURL: false } });
    const user = userEvent.setup();
    renderApp(`/c/${CONVERSATION_ID}`);
    expect(await screen.findByRole('button', { name: 'Set API key for OpenAI' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /gpt-4o-mini/ }));
    expect(await screen.findByRole('option', { name: 'gpt-4o' })).toBeInTheDocument();
  });

  it('is not offered when OpenAI is not', { timeout: 20_000 }, async () => {
    mockPluginsChatApi({ google: { order: 0, userProvide: false, userProvideURL: false } });
    renderApp(`/c/${CONVERSATION_ID}`);
    expect(
      await screen.findByText(
        'This chat was made with “gptPlugins”, which this instance does not offer.',
        {},
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeDisabled();
  });
});
