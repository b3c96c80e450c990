import { describe, expect, it } from 'vitest';
import { estimateTokens } from './estimate';
import { countTokens, tokenCounterFor } from './index';

/**
 * Reference counts by o200k_base (gpt-4o's BPE, counted with gpt-tokenizer 4.0.0 when the
 * estimate was fitted). The estimate must stay within [0.85, 1.5]× of them: a little high is
 * the safe side for context truncation, far off either way is a regression.
 */
const REFERENCE: Record<string, { o200k: number; text: string }> = {
  english: {
    o200k: 68,
    text: 'Durable Objects give each conversation a single owner: one instance receives every request for its id, so two tabs that attach to the same run see the same frames in the same order. When the instance is evicted, its memory is gone, which is why the run buffers frames in storage and an alarm finalises whatever was left unfinished.',
  },
  typescript: {
    o200k: 97,
    text: 'export async function listConversations(d1: D1Database, userId: string, options: ListOptions): Promise<ConversationPage> {\n  const limit = clampLimit(options.limit, MAX_PAGE, DEFAULT_PAGE);\n  const { results } = await statement(d1, userId, options).all<ConversationRow>();\n  return { conversations: results.slice(0, limit), nextCursor: results.length > limit ? encode(results[limit - 1]) : null };\n}\n',
  },
  json: {
    o200k: 97,
    text: '{"conversationId":"5f0c3a1e-8b7d-4c2a-9e61-2d4f8a7b9c10","title":"Trip to Lisbon","endpoint":"openAI","model":"gpt-4o-mini","temperature":0.7,"isArchived":false,"tags":["travel","2024"],"createdAt":"2024-05-01T10:22:31.412Z"}',
  },
  german: {
    o200k: 46,
    text: 'Die Unterhaltung wird gespeichert, sobald die erste Antwort vollständig ist. Wenn die Verbindung abbricht, läuft die Generierung im Hintergrund weiter, und beim erneuten Öffnen der Seite werden die verpassten Teile nachgeliefert.',
  },
  russian: {
    o200k: 42,
    text: 'Разговор сохраняется, как только первый ответ завершён. Если соединение прерывается, генерация продолжается в фоне, а при повторном открытии страницы пропущенные части доставляются заново.',
  },
  chinese: {
    o200k: 54,
    text: '对话在第一条回复完成后保存。如果连接中断，生成会在后台继续进行；重新打开页面时，错过的部分会重新发送给客户端。每个对话由一个持久对象负责，它按顺序处理所有请求。',
  },
  japanese: {
    o200k: 55,
    text: '会話は最初の返信が完了した時点で保存されます。接続が切れても生成はバックグラウンドで続き、ページを開き直すと見逃した部分が改めて送られます。',
  },
  korean: {
    o200k: 47,
    text: '대화는 첫 번째 답변이 완료되면 저장됩니다. 연결이 끊어져도 생성은 백그라운드에서 계속되며, 페이지를 다시 열면 놓친 부분이 다시 전송됩니다.',
  },
};

describe('estimateTokens', () => {
  it.each(Object.entries(REFERENCE))('stays near the o200k count for %s', (_name, { o200k, text }) => {
    const ratio = estimateTokens(text) / o200k;
    expect(ratio).toBeGreaterThanOrEqual(0.85);
    expect(ratio).toBeLessThanOrEqual(1.5);
  });

  it('weights CJK where characters / 4 would count a third of the tokens', () => {
    for (const name of ['chinese', 'japanese', 'korean']) {
      const sample = REFERENCE[name];
      if (!sample) throw new Error(name);
      expect(Math.ceil(sample.text.length / 4) / sample.o200k).toBeLessThan(0.5);
      expect(estimateTokens(sample.text) / sample.o200k).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('counts the pieces a BPE pre-tokenizer makes', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('hello')).toBe(1);
    expect(estimateTokens('hello world')).toBe(2); // " world" is one token
    expect(estimateTokens('12345678')).toBe(3); // digits in groups of three
    expect(estimateTokens('    return x;')).toBe(4); // indentation, " return", " x", ";"
    expect(estimateTokens('internationalization')).toBe(4);
  });

  it('grows linearly with the text', () => {
    const text = REFERENCE.english?.text ?? '';
    expect(estimateTokens(text.repeat(100))).toBeGreaterThanOrEqual(estimateTokens(text) * 100 - 100);
    expect(estimateTokens(text.repeat(100))).toBeLessThanOrEqual(estimateTokens(text) * 100 + 100);
  });
});

describe('countTokens', () => {
  it('uses one counter for every model today, and counts nothing as 0', () => {
    expect(tokenCounterFor('gpt-4o').name).toBe('estimate');
    expect(tokenCounterFor('claude-3-5-sonnet-latest')).toBe(tokenCounterFor(undefined));
    expect(countTokens('', 'gpt-4o')).toBe(0);
    expect(countTokens('hello world', 'gpt-4o')).toBe(estimateTokens('hello world'));
  });
});
