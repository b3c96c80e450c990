import { describe, expect, it, vi } from 'vitest';
import { type TKey, Translator } from './translator';

// Test keys are not in the app's catalogues; the type only guards the app's own calls.
const key = (name: string) => name as TKey;

function translator(language: string, strings: Record<string, Record<string, string>>) {
  const onMissingKey = vi.fn();
  const instance = new Translator({ language, onMissingKey });
  for (const [code, table] of Object.entries(strings)) instance.addStrings(code, table);
  return {
    instance,
    t: (name: string, options?: Record<string, unknown>) => instance.t(key(name), options),
    onMissingKey,
  };
}

describe('lookup', () => {
  it('takes the active language, then en-US, then the key itself', () => {
    const { t } = translator('de-DE', { 'de-DE': { hello: 'Hallo' }, 'en-US': { hello: 'Hello', bye: 'Bye' } });
    expect([t('hello'), t('bye'), t('com_nowhere')]).toEqual(['Hallo', 'Bye', 'com_nowhere']);
  });

  it('gives defaultValue, filled in, for a key no language has', () => {
    const { t } = translator('en-US', { 'en-US': { known: 'Known' } });
    expect(t('custom', { defaultValue: 'Custom {{name}}', name: 'x' })).toBe('Custom x');
    expect(t('known', { defaultValue: 'unused' })).toBe('Known');
  });

  it('returns an empty string as it is, not as missing', () => {
    const { t } = translator('fr-FR', { 'fr-FR': { blank: '' }, 'en-US': { blank: 'Not blank' } });
    expect(t('blank')).toBe('');
  });

  it('speaks a fixed language whatever the active one', () => {
    const { instance } = translator('de-DE', { 'de-DE': { hello: 'Hallo' }, 'en-US': { hello: 'Hello' } });
    expect(instance.fixedT('en-US')(key('hello'))).toBe('Hello');
    expect(instance.t(key('hello'))).toBe('Hallo');
  });

  it('switches language and tells its subscribers, once per change', () => {
    const { instance, t } = translator('en-US', { 'de-DE': { hello: 'Hallo' }, 'en-US': { hello: 'Hello' } });
    const listener = vi.fn();
    const unsubscribe = instance.subscribe(listener);
    const before = instance.t;
    instance.changeLanguage('de-DE');
    instance.changeLanguage('de-DE');
    expect([instance.language, t('hello'), listener.mock.calls.length]).toEqual(['de-DE', 'Hallo', 1]);
    expect(instance.t).not.toBe(before);
    unsubscribe();
    instance.addStrings('de-DE', { bye: 'Tschüss' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('plurals', () => {
  const files = { one: '{{count}} file', other: '{{count}} files' };

  it('picks en-US’s one and other', () => {
    const { t } = translator('en-US', { 'en-US': { file_one: files.one, file_other: files.other } });
    expect([1, 2, 0].map((count) => t('file', { count }))).toEqual(['1 file', '2 files', '0 files']);
  });

  it('picks Russian’s one, few and many', () => {
    const ru = {
      file_one: '{{count}} файл',
      file_few: '{{count}} файла',
      file_many: '{{count}} файлов',
      file_other: '{{count}} файла (дробь)',
    };
    const { t } = translator('ru-RU', { 'ru-RU': ru });
    expect([1, 21, 3, 22, 5, 11, 1.5].map((count) => t('file', { count }))).toEqual([
      '1 файл',
      '21 файл',
      '3 файла',
      '22 файла',
      '5 файлов',
      '11 файлов',
      '1.5 файла (дробь)',
    ]);
  });

  it('picks Arabic’s zero, one, two, few, many and other', () => {
    const ar = {
      f_zero: 'zero',
      f_one: 'one',
      f_two: 'two',
      f_few: 'few {{count}}',
      f_many: 'many {{count}}',
      f_other: 'other {{count}}',
    };
    const { t } = translator('ar-EG', { 'ar-EG': ar });
    expect([0, 1, 2, 3, 11, 100].map((count) => t('f', { count }))).toEqual([
      'zero',
      'one',
      'two',
      'few 3',
      'many 11',
      'other 100',
    ]);
  });

  it('takes an explicit _zero for 0 in any language, else the rules’ form', () => {
    const withZero = translator('en-US', {
      'en-US': { file_zero: 'No files', file_one: files.one, file_other: files.other },
    });
    expect(withZero.t('file', { count: 0 })).toBe('No files');
    const withoutZero = translator('ja-JP', { 'ja-JP': { file_other: '{{count}} 件' } });
    expect(withoutZero.t('file', { count: 0 })).toBe('0 件');
  });

  it('falls back per language, each with its own rules, then to the plain key', () => {
    const { t } = translator('ja-JP', {
      'ja-JP': { other_only: 'plain' },
      'en-US': { file_one: files.one, file_other: files.other, plain: 'Plain {{count}}' },
    });
    expect(t('file', { count: 1 })).toBe('1 file');
    expect(t('plain', { count: 4 })).toBe('Plain 4');
  });
});

describe('interpolation', () => {
  it('fills variables, spaces in the braces allowed, without escaping HTML', () => {
    const { t } = translator('en-US', { 'en-US': { hi: 'Hi {{ name }} & {{0}}, <{{name}}>' } });
    expect(t('hi', { name: '<b>Ada</b>', 0: 1 })).toBe('Hi <b>Ada</b> & 1, <<b>Ada</b>>');
  });

  it('leaves a variable the caller did not give empty, and never re-reads a filled-in value', () => {
    const { t } = translator('en-US', { 'en-US': { page: 'Page {{0}} of {{1}}' } });
    expect(t('page', { 0: 2 })).toBe('Page 2 of ');
    expect(t('page', { 0: '{{1}}', 1: 'x' })).toBe('Page {{1}} of x');
  });
});

describe('a missing key', () => {
  it('asks for the fallback’s strings when no language has it, not when one does', () => {
    const { t, onMissingKey } = translator('de-DE', { 'de-DE': { a: 'A' }, 'en-US': { b: 'B' } });
    t('a');
    t('b');
    expect(onMissingKey).not.toHaveBeenCalled();
    expect(t('c')).toBe('c');
    expect(onMissingKey).toHaveBeenCalledWith('de-DE', 'c');
  });
});
