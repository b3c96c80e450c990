import { describe, expect, it } from 'vitest';
import type { SendRequest } from '@/shared/conversation/types';
import { sendExchange } from './live-exchange';

const files = [
  { file_id: 'f1', filepath: '/api/files/u1/f1', type: 'image/png', filename: 'a.png', width: 8, height: 6 },
];
const request: SendRequest = {
  mode: 'normal',
  text: 'Look at this',
  conversationId: 'conv-1',
  parentMessageId: 'parent-1',
  setup: { endpoint: 'openAI', model: 'gpt-4o-mini' },
};

describe('the exchange a send starts with', () => {
  it("shows the user's message with its files, names included, before the server answers", () => {
    const exchange = sendExchange({ ...request, files }, { messageId: 'm1', clientTimestamp: '2026-11-26T08:00:00' });
    expect(exchange.requestMessage?.files).toEqual(files);
  });

  it('adds no files field to a message sent without files', () => {
    const exchange = sendExchange(request, { messageId: 'm1', clientTimestamp: '2026-11-26T08:00:00' });
    expect(exchange.requestMessage).not.toHaveProperty('files');
  });
});
