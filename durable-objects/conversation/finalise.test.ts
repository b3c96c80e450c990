import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../worker/test/auth-helpers';
import { newConversationSpec } from '../../worker/test/chat/run-fixtures';
import { buildFinal } from './finalise';
import { storedSpec } from './stored-spec';

/** The SQL of each statement in a new conversation's final batch (a D1 whose prepare records). */
async function finalBatchSql(options?: { userMessageWritten?: boolean }): Promise<string[]> {
  const spec = newConversationSpec(await createTestUser(), 'Hello');
  const final = buildFinal({
    spec: storedSpec(spec),
    snapshot: { text: 'Hi', content: null, receivedTextChars: 2 },
    outcome: { kind: 'complete', finishReason: 'stop' },
    requestMessage: spec.turn.requestMessage,
    promptTokens: 3,
    now: Date.now(),
  });
  const prepared: string[] = [];
  const recording = new Proxy(env.DB, {
    get: (target, property) =>
      property === 'prepare'
        ? (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          }
        : Reflect.get(target, property),
  });
  final.statements(recording, options);
  return prepared;
}

const messageInserts = (prepared: string[]) => prepared.filter((sql) => sql.startsWith('INSERT INTO messages'));

describe('the final batch', () => {
  it('writes the user message again unless the live run says its initial write saved it', async () => {
    // An evicted run finalised from storage cannot know whether the initial write happened.
    expect(messageInserts(await finalBatchSql())).toHaveLength(2);
    expect(messageInserts(await finalBatchSql({ userMessageWritten: false }))).toHaveLength(2);
    expect(messageInserts(await finalBatchSql({ userMessageWritten: true }))).toHaveLength(1);
  });
});
