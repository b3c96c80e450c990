import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDevVars, generateLocalSecrets } from './secrets';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'secrets-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function parseVars(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('generateLocalSecrets', () => {
  it('makes LibreChat-sized hex secrets, different every time', () => {
    const a = generateLocalSecrets();
    expect(a.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(a.JWT_REFRESH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(a.CREDS_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(a.CREDS_IV).toMatch(/^[0-9a-f]{32}$/);
    expect(a.JWT_SECRET).not.toBe(a.JWT_REFRESH_SECRET);
    expect(generateLocalSecrets().JWT_SECRET).not.toBe(a.JWT_SECRET);
  });
});

describe('ensureDevVars', () => {
  it('creates a private file with development mode, the four secrets and no provider keys', async () => {
    const file = path.join(dir, 'nested', '.dev.vars');
    expect(await ensureDevVars(file)).toBe(true);
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('#')).toBe(true);
    expect(Object.keys(parseVars(text)).sort()).toEqual([
      'CREDS_IV',
      'CREDS_KEY',
      'ENVIRONMENT',
      'JWT_REFRESH_SECRET',
      'JWT_SECRET',
    ]);
    expect(parseVars(text).ENVIRONMENT).toBe('development');
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('never overwrites an existing file', async () => {
    const file = path.join(dir, '.dev.vars');
    await writeFile(file, 'OPENAI_API_KEY=mine\n');
    expect(await ensureDevVars(file)).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('OPENAI_API_KEY=mine\n');
  });
});
