import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { agentFixture } from '@/shared/agents/testing/agent-fixtures';
import type { ChatMessage } from '@/shared/conversation/types';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { MessageContent } from './message-content';
import { prettyJson } from './tool-call';
import { parseToolName } from './tool-name';

describe('parseToolName', () => {
  it('reads an MCP tool as its tool and server, splitting at the first delimiter as the server does', () => {
    expect(parseToolName('search_docs_mcp_github')).toEqual({ kind: 'mcp', name: 'search_docs', server: 'github' });
    expect(parseToolName('a_mcp_b_mcp_srv')).toEqual({ kind: 'mcp', name: 'a', server: 'b_mcp_srv' });
  });

  it('reads an action as its operation and the domain, when the domain is written out', () => {
    expect(parseToolName('getWeather_action_api---weather---io')).toEqual({
      kind: 'action',
      name: 'getWeather',
      domain: 'api.weather.io',
    });
    // A long domain is a hash: only the operation can be named.
    expect(parseToolName('getWeather_action_YXBpLmV4YW')).toEqual({ kind: 'action', name: 'getWeather', domain: null });
  });

  it('keeps a built-in key, and a key that only starts or ends with a delimiter', () => {
    expect(parseToolName('calculator')).toEqual({ kind: 'plain', name: 'calculator' });
    expect(parseToolName('_mcp_x')).toEqual({ kind: 'plain', name: '_mcp_x' });
    expect(parseToolName('tool_mcp_')).toEqual({ kind: 'plain', name: 'tool_mcp_' });
  });
});

describe('prettyJson', () => {
  it('indents JSON arguments and leaves anything else as it came', () => {
    expect(prettyJson('{"q":"x","n":2}')).toBe('{\n  "q": "x",\n  "n": 2\n}');
    expect(prettyJson('{"q":')).toBe('{"q":');
    expect(prettyJson('plain words')).toBe('plain words');
  });
});

const reply = (content: ChatMessage['content']): ChatMessage => ({
  messageId: 'r1',
  conversationId: 'c1',
  parentMessageId: 'u1',
  sender: 'Trip Planner',
  text: '',
  isCreatedByUser: false,
  content,
});

function renderReply(message: ChatMessage) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MessageContent message={message} isStreaming={false} />
    </QueryClientProvider>,
  );
}

describe('tool calls in a reply', () => {
  it('names an MCP tool with its server and shows its arguments indented', () => {
    mockFetch(() => jsonResponse({}, 404));
    const { container } = renderReply(
      reply([
        {
          type: 'tool_call',
          tool_call: { id: 'c1', name: 'search_docs_mcp_github', args: '{"query":"zod"}', output: 'ok', progress: 1 },
        },
      ]),
    );
    expect(screen.getByText('Ran search_docs from github')).toBeInTheDocument();
    expect(container.querySelector('pre')?.textContent).toBe('{\n  "query": "zod"\n}');
  });

  it('names an action by its operation and domain', () => {
    mockFetch(() => jsonResponse({}, 404));
    renderReply(
      reply([
        {
          type: 'tool_call',
          tool_call: { id: 'c2', name: 'getWeather_action_api---weather---io', args: '', output: 'sunny', progress: 1 },
        },
      ]),
    );
    expect(screen.getByText('Ran getWeather (api.weather.io)')).toBeInTheDocument();
  });

  it('marks where another agent takes over, by that agent’s name', async () => {
    const next = agentFixture({ id: 'agent_next', name: 'Summarizer' });
    mockFetch((call) => (call.url === '/api/agents/agent_next' ? jsonResponse(next) : jsonResponse({}, 404)));
    renderReply(
      reply([
        { type: 'text', text: 'First part' },
        { type: 'agent_update', agent_update: { index: 1, runId: 'r1', agentId: 'agent_next' } },
        { type: 'text', text: 'Second part' },
      ]),
    );
    expect(await screen.findByRole('separator', { name: 'Summarizer takes over' })).toBeInTheDocument();
  });
});
