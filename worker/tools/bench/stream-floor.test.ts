import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from '../mock/mock-openai-server';
import { startStreamFloor, type StreamFloor } from './stream-floor';

const KEY = 'floor-test-key';
const chat = (content: string) =>
  JSON.stringify({ model: 'mock-fast', stream: true, messages: [{ role: 'user', content }] });

describe('the stream floor', () => {
  let mock: MockOpenAI;
  let floor: StreamFloor;
  beforeAll(async () => {
    mock = await startMockOpenAI({ apiKey: KEY });
    floor = await startStreamFloor();
  }, 60_000);
  afterAll(async () => {
    await floor.stop();
    await mock.close();
  });

  it('reads a paced stream to its end, at least one read per chunk the provider sent', async () => {
    const reads = await floor.read(`${mock.baseURL}/chat/completions`, {
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: chat('[mock:chunks=20][mock:delay=5]Tell me something'),
    });
    expect(reads).toBeGreaterThanOrEqual(20);
    expect(mock.requests.at(-1)?.answeredAt).toBeDefined();
  });

  it('fails when the provider refuses, so a bench cannot time an empty stream', async () => {
    await expect(
      floor.read(`${mock.baseURL}/chat/completions`, {
        headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
        body: chat('Tell me something'),
      }),
    ).rejects.toThrow(/answered 401/);
  });
});
