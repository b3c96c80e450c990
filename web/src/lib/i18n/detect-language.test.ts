import { describe, expect, it } from 'vitest';
import { detectLanguage, readCookie } from './detect-language';

describe('detectLanguage', () => {
  it('uses the lang cookie first', () => {
    expect(detectLanguage({ cookie: 'a=1; lang=en-US', navigatorLanguages: ['fr-FR'] })).toBe('en-US');
  });

  it('matches a browser language by its base language', () => {
    expect(detectLanguage({ cookie: '', navigatorLanguages: ['en-GB'] })).toBe('en-US');
  });

  it('falls back to en-US for unsupported languages and for auto with none supported', () => {
    expect(detectLanguage({ cookie: 'lang=xx-XX', navigatorLanguages: ['xx-YY'] })).toBe('en-US');
    expect(detectLanguage({ cookie: 'lang=auto', navigatorLanguages: [] })).toBe('en-US');
  });

  it('matches Chinese by script or region, and Hebrew by its usual tags', () => {
    expect(detectLanguage({ cookie: '', navigatorLanguages: ['zh-TW'] })).toBe('zh-Hant');
    expect(detectLanguage({ cookie: '', navigatorLanguages: ['zh-CN'] })).toBe('zh-Hans');
    expect(detectLanguage({ cookie: '', navigatorLanguages: ['zh'] })).toBe('zh-Hans');
    expect(detectLanguage({ cookie: '', navigatorLanguages: ['he-IL'] })).toBe('he-HE');
    expect(detectLanguage({ cookie: '', navigatorLanguages: ['pt'] })).toBe('pt-BR');
    expect(detectLanguage({ cookie: 'lang=fr-FR', navigatorLanguages: ['de-DE'] })).toBe('fr-FR');
  });

  it('reads one cookie among several', () => {
    expect(readCookie('theme=dark; lang=de-DE; x=y', 'lang')).toBe('de-DE');
    expect(readCookie('language=fr', 'lang')).toBeUndefined();
  });
});
