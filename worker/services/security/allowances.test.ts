import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../config/store';
import { cspAllowances } from './allowances';

describe('cspAllowances', () => {
  it('allows nothing more by default', () => {
    expect(cspAllowances({}, DEFAULT_APP_CONFIG)).toEqual({ img: [], script: [], frame: [] });
  });

  it('allows the profile pictures of the social logins that are configured', () => {
    const allowances = cspAllowances(
      { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', GOOGLE_CLIENT_ID: 'only the id' },
      DEFAULT_APP_CONFIG,
    );
    expect(allowances.img).toEqual(['https://avatars.githubusercontent.com']);
  });

  it('takes origins from the variables, and `https:` alone, but nothing that could add a directive', () => {
    const allowances = cspAllowances(
      {
        CSP_IMG_ORIGINS: 'https:, https://a.example/x.png ftp://b.example javascript:alert(1)',
        CSP_SCRIPT_ORIGINS: "'unsafe-eval'; https://s.example",
        CSP_FRAME_ORIGINS: 'https://f.example;script-src *',
      },
      DEFAULT_APP_CONFIG,
    );
    expect(allowances).toEqual({
      img: ['https:', 'https://a.example'],
      script: ['https://s.example'],
      frame: [],
    });
  });
});
