import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveSseResponse } from '@/features/chat/stream/testing/sse';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

/*
 * The prompt library in the chat, end to end in jsdom: a prompt with variables, chosen with `/`
 * or from a landing card, asks for them and sends the filled text as the message.
 */

const prompt = {
  _id: 'g1',
  name: 'Letter',
  oneliner: 'A short letter',
  category: 'write',
  author: 'someone',
  authorName: 'Bo',
  command: 'letter',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  productionPrompt: { prompt: 'Write to {{name}} about {{topic:rain|sun}}.' },
};

async function openChat() {
  const live = liveSseResponse();
  const api = mockAuthApi({
    session: testSession(),
    routes: {
      'GET /api/endpoints': () => jsonResponse({ openAI: { order: 0, userProvide: false, userProvideURL: false } }),
      'GET /api/models': () => jsonResponse({ openAI: ['gpt-4o-mini'] }),
      'GET /api/convos?limit=25&isArchived=false': () => jsonResponse({ conversations: [], nextCursor: null }),
      'GET /api/roles/USER': () => jsonResponse({ name: 'USER', permissions: { PROMPTS: { USE: true } } }),
      'GET /api/prompts/all': () => jsonResponse([prompt]),
      'GET /api/prompts/random?limit=4&skip=0': () => jsonResponse({ prompts: [{ ...prompt, projectIds: [] }] }),
      'POST /api/ask/openAI': () => live.response,
    },
  });
  const user = userEvent.setup();
  renderApp('/c/new');
  const box = await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
  await waitFor(() => expect(box).toBeEnabled(), PAGE_LOAD);
  const sentText = () => {
    const [call] = api.calls.filter((c) => c.url === '/api/ask/openAI');
    return call ? (JSON.parse(call.body ?? '{}') as { text?: string }).text : undefined;
  };
  return { user, box, sentText };
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('dialog', { name: 'Fill in the prompt' });
  await user.type(within(form).getByLabelText('name'), 'Ada');
  await user.selectOptions(within(form).getByLabelText('topic'), 'sun');
  await user.click(within(form).getByRole('button', { name: 'Send' }));
}

describe('prompts in the chat', () => {
  it('asks for the variables of a prompt chosen with / and sends the filled text', { timeout: 20_000 }, async () => {
    const { user, box, sentText } = await openChat();
    await user.type(box, '/let');
    await screen.findByRole('option', { name: /Letter/ }, PAGE_LOAD);
    await user.keyboard('{Enter}');
    await fillAndSend(user);
    await waitFor(() => expect(sentText()).toBe('Write to Ada about sun.'));
  });

  it('runs a landing card through the same form', { timeout: 20_000 }, async () => {
    const { user, sentText } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'Run the prompt Letter' }, PAGE_LOAD));
    await fillAndSend(user);
    await waitFor(() => expect(sentText()).toBe('Write to Ada about sun.'));
  });
});
