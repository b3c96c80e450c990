import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingResources } from './deploy';
import { REPO_ROOT } from './lib/paths';

describe('npm run deploy readiness', () => {
  const shipped = readFileSync(path.join(REPO_ROOT, 'wrangler.toml'), 'utf8');

  it('refuses the shipped wrangler.toml and names the commands that create what is missing', () => {
    const steps = missingResources(shipped, []);
    expect(steps.some((step) => step.startsWith('npx wrangler d1 create'))).toBe(true);
    expect(steps.some((step) => step.startsWith('npx wrangler kv namespace create CONFIG'))).toBe(true);
    expect(steps.filter((step) => step.startsWith('npx wrangler secret put'))).toHaveLength(4);
  });

  it('is ready once real ids and the four secrets exist', () => {
    const configured = shipped
      .replace('00000000-0000-0000-0000-000000000000', '6f1d0c3e-8a57-4b4e-9d6a-2f7c1e0b9a11')
      .replace('00000000000000000000000000000000', '3b5e8f2a9c1d4e6f8a0b2c4d6e8f0a1b');
    expect(missingResources(configured, ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'CREDS_KEY', 'CREDS_IV'])).toEqual([]);
    expect(missingResources(configured, ['JWT_SECRET'])).toEqual([
      'npx wrangler secret put JWT_REFRESH_SECRET   # openssl rand -hex 32',
      'npx wrangler secret put CREDS_KEY   # openssl rand -hex 32',
      'npx wrangler secret put CREDS_IV   # openssl rand -hex 16',
    ]);
  });
});
