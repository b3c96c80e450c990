import { describe, expect, it } from 'vitest';
import { extractFirstJsonObject } from './extract-json';

describe('extractFirstJsonObject', () => {
  it('reads a text that is the object itself', () => {
    expect(extractFirstJsonObject('{"type":"no_user_key"}')).toEqual({ type: 'no_user_key' });
  });

  it('finds the object inside surrounding words, nested objects included', () => {
    expect(extractFirstJsonObject('Error: 429 {"type":"concurrent","limit":2,"meta":{"a":1}} (retry later)')).toEqual({
      type: 'concurrent',
      limit: 2,
      meta: { a: 1 },
    });
  });

  it('is not fooled by braces and escaped quotes inside strings', () => {
    expect(extractFirstJsonObject('x {"info":"a } b \\" { c","type":"INPUT_LENGTH"} y')).toEqual({
      info: 'a } b " { c',
      type: 'INPUT_LENGTH',
    });
  });

  it('takes the first of several objects', () => {
    expect(extractFirstJsonObject('{"type":"ban"} and {"type":"moderation"}')).toEqual({ type: 'ban' });
  });

  it('skips braces that are not JSON and finds a later object', () => {
    expect(extractFirstJsonObject('function() { return 1 } then {"type":"ban"}')).toEqual({ type: 'ban' });
    expect(extractFirstJsonObject('unclosed { here {"type":"ban"}')).toEqual({ type: 'ban' });
  });

  it('returns null for plain text, arrays and broken JSON', () => {
    expect(extractFirstJsonObject('Connection reset by peer')).toBeNull();
    expect(extractFirstJsonObject('[1, 2]')).toBeNull();
    expect(extractFirstJsonObject('{"type": }')).toBeNull();
    expect(extractFirstJsonObject('')).toBeNull();
  });

  it('stays fast on a long text full of stray braces', () => {
    const text = '{'.repeat(20_000);
    const started = performance.now();
    expect(extractFirstJsonObject(text)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
