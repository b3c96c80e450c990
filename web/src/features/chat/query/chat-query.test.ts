import { describe, expect, it } from 'vitest';
import { CHAT_QUERY_SETTING_NAMES } from '@contract/chat-query';
import { hasOneShotQuery, readChatQuery, withoutOneShotQuery } from './chat-query';

const read = (search: string) => readChatQuery(new URLSearchParams(search));

describe('readChatQuery', () => {
  it('takes the text from prompt, decoded', () => {
    expect(read('?prompt=Hello%20world%20%26%20more')).toStrictEqual({
      text: 'Hello world & more',
      submit: false,
      settings: {},
    });
  });

  it('prefers prompt over q, and falls back to q when prompt is missing or empty', () => {
    expect(read('?q=from-q&prompt=from-prompt').text).toBe('from-prompt');
    expect(read('?q=from-q').text).toBe('from-q');
    expect(read('?prompt=&q=from-q').text).toBe('from-q');
  });

  it('has no text when neither is given or both are empty', () => {
    expect(read('?model=gpt-4o')).not.toHaveProperty('text');
    expect(read('?prompt=&q=')).not.toHaveProperty('text');
  });

  it('keeps whitespace-only text as written (the auto-submit refuses it, the composer may show it)', () => {
    expect(read('?prompt=%20%20').text).toBe('  ');
  });

  it.each([
    ['?submit=true', true],
    ['?submit=TRUE', true],
    ['?submit=True', true],
    ['?submit=false', false],
    ['?submit=1', false],
    ['?submit=', false],
    ['', false],
  ])('%s means submit: %s', (search, submit) => {
    expect(read(search).submit).toBe(submit);
  });

  it('returns every model setting in the address as written, and nothing else', () => {
    const search = new URLSearchParams();
    for (const name of CHAT_QUERY_SETTING_NAMES) search.set(name, `v-${name}`);
    search.set('utm_source', 'newsletter');
    search.set('prompt', 'hi');
    const { settings } = readChatQuery(search);
    expect(Object.keys(settings).sort()).toEqual([...CHAT_QUERY_SETTING_NAMES].sort());
    expect(settings.temperature).toBe('v-temperature');
    expect(settings).not.toHaveProperty('utm_source');
    expect(settings).not.toHaveProperty('prompt');
  });

  it('leaves values raw: numbers, booleans and comma lists stay text for the setup to parse', () => {
    expect(read('?temperature=0.7&promptCache=false&stop=a,b&model=gpt-4o').settings).toStrictEqual({
      temperature: '0.7',
      promptCache: 'false',
      stop: 'a,b',
      model: 'gpt-4o',
    });
  });

  it('keeps an empty setting (present but blank) so the setup can warn about it', () => {
    expect(read('?model=').settings).toStrictEqual({ model: '' });
  });

  it('takes the first value of a repeated setting', () => {
    expect(read('?model=first&model=second').settings.model).toBe('first');
  });
});

describe('one-shot names', () => {
  it('are detected by presence, even empty', () => {
    expect(hasOneShotQuery(new URLSearchParams('?submit='))).toBe(true);
    expect(hasOneShotQuery(new URLSearchParams('?q=x'))).toBe(true);
    expect(hasOneShotQuery(new URLSearchParams('?model=x&endpoint=y'))).toBe(false);
  });

  it('are removed, every other parameter kept in order', () => {
    expect(
      withoutOneShotQuery(new URLSearchParams('?endpoint=openAI&prompt=hi&q=x&model=gpt-4o&submit=true&foo=1')),
    ).toBe('?endpoint=openAI&model=gpt-4o&foo=1');
    expect(withoutOneShotQuery(new URLSearchParams('?prompt=hi&submit=true'))).toBe('');
  });
});
