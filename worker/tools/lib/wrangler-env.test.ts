import { describe, expect, it } from 'vitest';
import { localWranglerEnv } from './wrangler-env';

describe('the environment of a local wrangler run', () => {
  it('turns off the downloads that fail offline: usage metrics and the Request.cf sample', () => {
    const env = localWranglerEnv({ PATH: '/usr/bin' });
    expect(env.WRANGLER_SEND_METRICS).toBe('false');
    expect(env.CLOUDFLARE_CF_FETCH_ENABLED).toBe('false');
    expect(env.PATH).toBe('/usr/bin');
  });

  it("keeps the user's own choice", () => {
    const env = localWranglerEnv({ WRANGLER_SEND_METRICS: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'true' });
    expect(env.WRANGLER_SEND_METRICS).toBe('true');
    expect(env.CLOUDFLARE_CF_FETCH_ENABLED).toBe('true');
  });
});
