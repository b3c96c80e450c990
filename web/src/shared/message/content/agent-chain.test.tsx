import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { agentFixture, agentListFixture } from '@/shared/agents/testing/agent-fixtures';
import type { ChatMessage } from '@/shared/conversation/types';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { MessageContent } from './message-content';

const first = agentFixture({ id: 'agent_first', name: 'Researcher' });
const second = agentFixture({ id: 'agent_second', name: 'Checker', avatar: { filepath: '/a/c.png', source: 'local' } });
const third = agentFixture({ id: 'agent_third', name: 'Writer' });
const update = (index: number, agentId: string) => ({
  type: 'agent_update',
  agent_update: { index, runId: 'r1', agentId },
});

/** A three-agent reply: each agent's text, the second one's tool call, the handovers between. */
const chainReply = (): ChatMessage => ({
  messageId: 'r1',
  conversationId: 'c1',
  parentMessageId: 'u1',
  sender: 'Researcher',
  text: '',
  isCreatedByUser: false,
  endpoint: 'agents',
  model: first.id,
  content: [
    { type: 'text', text: 'Research notes' },
    update(1, second.id),
    {
      type: 'tool_call',
      tool_call: { id: 'c1', name: 'calculator', args: '{"input":"2+2"}', output: '4', progress: 1 },
    },
    { type: 'text', text: 'Checked figures' },
    update(4, third.id),
    { type: 'text', text: 'The final answer' },
  ],
});

function agentsApi(hide: boolean, listed = [first, second, third]) {
  return mockFetch((call: FetchCall) => {
    if (call.url.startsWith('/api/agents?')) return jsonResponse(agentListFixture(listed));
    if (call.url === `/api/agents/${first.id}`) return jsonResponse({ ...first, hide_sequential_outputs: hide });
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

function renderReply(message: ChatMessage) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MessageContent message={message} isStreaming={false} />
    </QueryClientProvider>,
  );
}

describe('a reply of a chain of agents', () => {
  it('marks each handover with the next agent’s name and picture, from the agents list', async () => {
    const api = agentsApi(false);
    const { container } = renderReply(chainReply());
    expect(await screen.findByRole('separator', { name: 'Checker takes over' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'Writer takes over' })).toBeInTheDocument();
    expect(container.querySelector('img[src="/a/c.png"]')).not.toBeNull();
    // Everything is shown in full, and the list was asked for once for both handovers.
    expect(screen.getByText('Research notes')).toBeVisible();
    expect(screen.getByText('Checked figures')).toBeVisible();
    expect(api.calls.filter((call) => call.url.startsWith('/api/agents?'))).toHaveLength(1);
  });

  it('names an agent the user no longer sees generically', async () => {
    agentsApi(false, [first]);
    renderReply(chainReply());
    expect(await screen.findAllByRole('separator', { name: 'Another agent takes over' })).toHaveLength(2);
  });

  it('with hide_sequential_outputs, folds the earlier agents’ work under one toggle and shows the last answer', async () => {
    agentsApi(true);
    renderReply(chainReply());
    const toggle = await screen.findByRole('button', { name: 'What the 2 agents before did' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Research notes')).not.toBeInTheDocument();
    expect(screen.queryByText('Checked figures')).not.toBeInTheDocument();
    expect(screen.getByText('The final answer')).toBeVisible();
    expect(screen.getByRole('separator', { name: 'Writer takes over' })).toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(screen.getByText('Research notes')).toBeVisible();
    expect(screen.getByText('Checked figures')).toBeVisible();
    expect(screen.getByRole('separator', { name: 'Checker takes over' })).toBeInTheDocument();
  });

  it('counts one earlier agent in a chain of two', async () => {
    agentsApi(true);
    const two = chainReply();
    two.content = [{ type: 'text', text: 'Research notes' }, update(1, second.id), { type: 'text', text: 'Done' }];
    renderReply(two);
    expect(await screen.findByRole('button', { name: 'What the first agent did' })).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeVisible();
  });
});
