import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('GET /health', () => {
  it('answers 200 OK as plain text', async () => {
    const res = await exports.default.fetch('http://app.test/health');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  });
});
