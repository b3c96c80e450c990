import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAppConfig } from './parse';
import type { AppConfig } from './schema';
import { APP_CONFIG_KV_KEY, DEFAULT_APP_CONFIG, loadAppConfig, resetConfigCacheForTests, saveAppConfig } from './store';
import { FULL_LIBRECHAT_YAML } from './test-fixtures';

function validConfig(yaml: string): AppConfig {
  const result = parseAppConfig(yaml);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
}

async function putRaw(value: unknown): Promise<void> {
  await env.CONFIG.put(APP_CONFIG_KV_KEY, typeof value === 'string' ? value : JSON.stringify(value));
}

/** Moves the clock past the 30 s in-memory copy so the next load reads KV again. */
function expireMemoryCopy(): void {
  vi.setSystemTime(Date.now() + 31_000);
}

describe('loadAppConfig', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    resetConfigCacheForTests();
    await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('returns the default config when KV holds none', async () => {
    const loaded = await loadAppConfig(env);
    expect(loaded).toEqual(DEFAULT_APP_CONFIG);
    expect(loaded.endpoints).toBeUndefined();
    expect(loaded.balance.startBalance).toBe(20000);
  });

  it('returns the stored config', async () => {
    const stored = validConfig(FULL_LIBRECHAT_YAML);
    await putRaw({ config: stored, updatedAt: new Date().toISOString(), source: 'librechat.yaml' });
    const loaded = await loadAppConfig(env);
    expect(loaded).toEqual(stored);
    expect(loaded.endpoints?.custom?.[0]?.name).toBe('Ollama');
  });

  it('serves from memory for 30 s, then reads KV again', async () => {
    await saveAppConfig(env.CONFIG, validConfig('version: 1.2.5\ncache: false\n'));
    resetConfigCacheForTests();
    expect((await loadAppConfig(env)).cache).toBe(false);

    await putRaw({ config: validConfig('cache: true\n'), updatedAt: new Date().toISOString() });
    expect((await loadAppConfig(env)).cache).toBe(false);

    expireMemoryCopy();
    expect((await loadAppConfig(env)).cache).toBe(true);
  });

  it('keeps the last good config when KV holds an invalid document, and logs it', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = validConfig(FULL_LIBRECHAT_YAML);
    await putRaw({ config: good, updatedAt: new Date().toISOString() });
    expect(await loadAppConfig(env)).toEqual(good);

    // Written around config:push (it validates), e.g. by hand with wrangler.
    const invalid = { ...good, endpoints: {}, modelSpecs: { list: [] } };
    await putRaw({ config: invalid, updatedAt: new Date().toISOString() });
    expireMemoryCopy();
    expect(await loadAppConfig(env)).toEqual(good);

    expect(errorLog).toHaveBeenCalledTimes(1);
    const logged: unknown = JSON.parse(String(errorLog.mock.calls[0]?.[0]));
    expect(logged).toMatchObject({
      level: 'error',
      event: 'app_config_unusable',
      reason: 'stored_config_invalid',
      fallback: 'last_good',
      errors: [
        'modelSpecs.list: Must have at least 1 entry',
        'endpoints: At least one `endpoints` field must be provided.',
      ],
    });
  });

  it('keeps the last good config when the stored text is not JSON', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = validConfig('cache: false\n');
    await putRaw({ config: good, updatedAt: new Date().toISOString() });
    expect(await loadAppConfig(env)).toEqual(good);

    await putRaw('version: 1.2.5\nnot: json');
    expireMemoryCopy();
    expect(await loadAppConfig(env)).toEqual(good);
    expect(JSON.parse(String(errorLog.mock.calls[0]?.[0]))).toMatchObject({ reason: 'kv_read_failed' });
  });

  it('falls back to the default config when the first value it ever reads is invalid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await putRaw({ config: { endpoints: {} }, updatedAt: new Date().toISOString() });
    expect(await loadAppConfig(env)).toEqual(DEFAULT_APP_CONFIG);
    // A value without the { config, updatedAt } envelope is invalid too.
    resetConfigCacheForTests();
    await putRaw(validConfig('cache: false\n'));
    expect(await loadAppConfig(env)).toEqual(DEFAULT_APP_CONFIG);
  });

  it('keeps the last good config when KV itself fails', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = validConfig('cache: false\n');
    await putRaw({ config: good, updatedAt: new Date().toISOString() });
    expect(await loadAppConfig(env)).toEqual(good);

    expireMemoryCopy();
    const failingKv = { get: () => Promise.reject(new Error('KV GET failed: 503')) } as unknown as KVNamespace;
    expect(await loadAppConfig({ CONFIG: failingKv })).toEqual(good);
    expect(JSON.parse(String(errorLog.mock.calls[0]?.[0]))).toMatchObject({
      reason: 'kv_read_failed',
      error: 'KV GET failed: 503',
      fallback: 'last_good',
    });
  });

  it('hands out a frozen config, so one request cannot change another’s', async () => {
    await putRaw({ config: validConfig(FULL_LIBRECHAT_YAML), updatedAt: new Date().toISOString() });
    const loaded = await loadAppConfig(env);
    expect(Object.isFrozen(loaded)).toBe(true);
    expect(Object.isFrozen(loaded.endpoints?.custom?.[0]?.models.default)).toBe(true);
    expect(Object.isFrozen(DEFAULT_APP_CONFIG.balance)).toBe(true);
  });
});

describe('saveAppConfig', () => {
  beforeEach(async () => {
    resetConfigCacheForTests();
    await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  });

  it('writes the { config, updatedAt, source } record that loadAppConfig reads', async () => {
    const config = validConfig(FULL_LIBRECHAT_YAML);
    await saveAppConfig(env.CONFIG, config, { source: 'librechat.yaml' });

    const raw = await env.CONFIG.get<Record<string, unknown>>(APP_CONFIG_KV_KEY, 'json');
    expect(raw).toMatchObject({ config: JSON.parse(JSON.stringify(config)), source: 'librechat.yaml' });
    expect(Number.isNaN(Date.parse(String(raw?.updatedAt)))).toBe(false);

    resetConfigCacheForTests();
    expect(await loadAppConfig(env)).toEqual(config);
  });

  it('refuses an invalid config and leaves KV untouched', async () => {
    const invalid = { ...validConfig('cache: true\n'), endpoints: {} };
    await expect(saveAppConfig(env.CONFIG, invalid)).rejects.toThrow(
      'endpoints: At least one `endpoints` field must be provided.',
    );
    expect(await env.CONFIG.get(APP_CONFIG_KV_KEY)).toBeNull();
  });
});
