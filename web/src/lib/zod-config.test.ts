import { config, z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import './zod-config';

describe('zod-config', () => {
  it('puts zod in jitless mode without importing it', () => {
    expect(config().jitless).toBe(true);
  });

  it('so parsing never probes `new Function`, which the CSP would report', () => {
    const probe = vi.spyOn(globalThis, 'Function');
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });
});
