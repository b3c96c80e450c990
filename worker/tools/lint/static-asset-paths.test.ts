import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATIC_ASSET_PATHS } from '../../services/security/policy';
import { REPO_ROOT } from '../lib/paths';

// The static files get their headers from `_headers` only if the Worker does not run first for
// them, and the Worker must run first for everything else (every page needs its CSP).
describe('wrangler.toml runs the Worker first for everything but the static files', () => {
  it('matches STATIC_ASSET_PATHS', async () => {
    const toml = await readFile(path.join(REPO_ROOT, 'wrangler.toml'), 'utf8');
    const line = /^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(toml)?.[1];
    expect(line, 'run_worker_first in wrangler.toml').toBeDefined();
    expect(JSON.parse(line ?? '[]')).toEqual(['/*', ...STATIC_ASSET_PATHS.map((file) => `!${file}`)]);
  });
});
