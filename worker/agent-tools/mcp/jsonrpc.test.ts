import { describe, expect, it } from 'vitest';
import { answerServerRequest, readMessages } from './jsonrpc';

describe('reading JSON-RPC messages', () => {
  it('tells answers, requests and notifications apart, singly and in a batch', () => {
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, result: { ok: true } },
      { jsonrpc: '2.0', id: 'p', method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'nope' } },
    ]);
    expect(readMessages(batch).map((item) => item.type)).toEqual(['response', 'request', 'notification', 'response']);
    expect(readMessages(batch)[3]?.message).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32000, message: 'nope' },
    });
  });

  it('refuses what is not a JSON-RPC 2.0 message', () => {
    expect(() => readMessages('{"jsonrpc":"2.0","id":')).toThrow(
      'the answer is not valid JSON (was the connection cut?)',
    );
    expect(() => readMessages('{"id":1,"result":{}}')).toThrow('a message is not JSON-RPC 2.0');
    expect(() => readMessages('{"jsonrpc":"2.0","result":{}}')).toThrow('an answer carries no request id');
    expect(() => readMessages('{"jsonrpc":"2.0","id":1}')).toThrow('an answer has neither a result nor an error');
  });

  it('fills in an error without code or message', () => {
    expect(readMessages('{"jsonrpc":"2.0","id":1,"error":{}}')[0]?.message).toMatchObject({
      error: { code: 0, message: 'no message' },
    });
  });

  it("answers the server's ping and refuses what it may not ask of us", () => {
    expect(answerServerRequest({ jsonrpc: '2.0', id: 7, method: 'ping' })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: {},
    });
    expect(answerServerRequest({ jsonrpc: '2.0', id: 8, method: 'sampling/createMessage' })).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: { code: -32601, message: 'Method not found: sampling/createMessage' },
    });
  });
});
