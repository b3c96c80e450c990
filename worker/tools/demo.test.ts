import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../services/config/parse';
import { DEMO_ENDPOINT_NAME, demoConfigYaml, demoProviderVars, withDemoProviderVars } from './demo';

describe('the demo variables file', () => {
  const secrets = 'ENVIRONMENT=development\nJWT_SECRET=abc\n';

  it('appends the mock block and keeps the secrets', () => {
    const text = withDemoProviderVars(secrets, demoProviderVars('http://127.0.0.1:1111', 'k'));
    expect(text).toContain('JWT_SECRET=abc\n');
    expect(text).toContain('ANTHROPIC_REVERSE_PROXY=http://127.0.0.1:1111\n');
    expect(text).toContain('GOOGLE_REVERSE_PROXY=http://127.0.0.1:1111\n');
    expect(text).toContain('DEMO_BEDROCK_ENDPOINT=http://127.0.0.1:1111\n');
  });

  it('replaces the block of an earlier start (a new mock port) instead of adding another', () => {
    const first = withDemoProviderVars(secrets, demoProviderVars('http://127.0.0.1:1111', 'k'));
    const second = withDemoProviderVars(first, demoProviderVars('http://127.0.0.1:2222', 'k'));
    expect(second).not.toContain('1111');
    expect(second.match(/^ANTHROPIC_REVERSE_PROXY=/gm)).toHaveLength(1);
    expect(second.match(/^JWT_SECRET=abc$/gm)).toHaveLength(1);
    expect(withDemoProviderVars(second, demoProviderVars('http://127.0.0.1:2222', 'k'))).toBe(second);
  });

  it('overrides a provider variable set by hand outside the block', () => {
    const text = withDemoProviderVars(
      `${secrets}GOOGLE_KEY=real-key\n`,
      demoProviderVars('http://127.0.0.1:1111', 'k'),
    );
    expect(text).not.toContain('real-key');
  });
});

describe('the demo endpoints', () => {
  it('list the endpoint the banner tells the user to pick first, so a new chat opens on it', () => {
    const parsed = parseAppConfig(demoConfigYaml('http://127.0.0.1:1111/v1'));
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    // The only custom endpoint is the demo's own ...
    expect(parsed.config.endpoints?.custom?.map((endpoint) => endpoint.name)).toEqual([DEMO_ENDPOINT_NAME]);
    // ... and LibreChat's ENDPOINTS order (the menu's order, whose first entry a new chat opens on)
    // puts the custom endpoints first.
    const order = demoProviderVars('http://127.0.0.1:1111', 'k').ENDPOINTS?.split(',');
    expect(order).toEqual(['custom', 'anthropic', 'google', 'bedrock']);
  });

  it('points dictation and read-aloud at the mock too', () => {
    const parsed = parseAppConfig(demoConfigYaml('http://127.0.0.1:1111/v1'));
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.config.speech?.stt?.openai?.url).toBe('http://127.0.0.1:1111/v1');
    expect(parsed.config.speech?.tts?.openai).toMatchObject({
      url: 'http://127.0.0.1:1111/v1',
      voices: ['alloy', 'echo', 'nova'],
    });
  });
});
