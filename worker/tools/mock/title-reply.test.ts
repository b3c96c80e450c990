import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TITLE_PROMPT } from '../../../durable-objects/conversation/title-generation';
import { startMockOpenAI, type MockOpenAI } from './mock-openai-server';
import { defaultReply, titleReplyFor } from './title-reply';

/** The title request the app sends for a first exchange. */
const titlePrompt = (userText: string, replyText: string): string =>
  DEFAULT_TITLE_PROMPT.replace('{convo}', `User: ${userText}\nAI: ${replyText}`);

describe('titleReplyFor', () => {
  it('answers a title request with a few words of the first user message', () => {
    expect(titleReplyFor(titlePrompt('plan a weekend trip to Kyoto in spring', 'You said: plan…'))).toBe(
      'Plan A Weekend Trip To',
    );
    expect(titleReplyFor(titlePrompt('[mock:delay=50] hello, world!', 'You said: hello'))).toBe('Hello World');
  });

  it('gives different chats different titles, never the instruction', () => {
    const first = defaultReply(titlePrompt('recipe for bread', 'x'));
    const second = defaultReply(titlePrompt('explain quantum tunnelling', 'y'));
    expect(first).toBe('Recipe For Bread');
    expect(second).toBe('Explain Quantum Tunnelling');
    expect(first).not.toMatch(/generate|You said/);
  });

  it('leaves ordinary messages to the echo', () => {
    expect(titleReplyFor('what is a good title for my essay?')).toBeNull();
    expect(defaultReply('hello there')).toBe('You said: hello there');
  });
});

describe('the mock server, asked for a title', () => {
  let mock: MockOpenAI | undefined;
  afterEach(async () => {
    await mock?.close();
  });

  it('replies with the short title instead of echoing the prompt', async () => {
    mock = await startMockOpenAI();
    const res = await fetch(`${mock.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'mock-fast',
        messages: [{ role: 'user', content: titlePrompt('how do tides work', 'You said: how do tides work') }],
      }),
    });
    const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe('How Do Tides Work');
  });
});
