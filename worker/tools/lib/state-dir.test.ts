import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchStateDir } from './state-dir';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('benchStateDir', () => {
  it('makes a new directory under the memory root when there is one', async () => {
    const memoryRoot = await mkdtemp(path.join(tmpdir(), 'memory-root-'));
    made.push(memoryRoot);
    const dir = await benchStateDir('bench-', { memoryRoot, minFreeBytes: 1 });
    expect(path.dirname(dir)).toBe(memoryRoot);
    expect(path.basename(dir)).toMatch(/^bench-/);
    expect(existsSync(dir)).toBe(true);
  });

  it('falls back to the temporary directory on a machine without one', async () => {
    const dir = await benchStateDir('bench-', {
      memoryRoot: path.join(tmpdir(), `no-such-root-${crypto.randomUUID()}`),
    });
    made.push(dir);
    expect(path.dirname(dir)).toBe(tmpdir());
    expect(existsSync(dir)).toBe(true);
  });

  it('falls back to the temporary directory when the memory root has too little room', async () => {
    const memoryRoot = await mkdtemp(path.join(tmpdir(), 'memory-root-'));
    made.push(memoryRoot);
    const dir = await benchStateDir('bench-', { memoryRoot, minFreeBytes: Number.MAX_SAFE_INTEGER });
    made.push(dir);
    expect(path.dirname(dir)).toBe(tmpdir());
  });

  it('gives each caller its own directory', async () => {
    const memoryRoot = await mkdtemp(path.join(tmpdir(), 'memory-root-'));
    made.push(memoryRoot);
    const [first, second] = await Promise.all([
      benchStateDir('a-', { memoryRoot, minFreeBytes: 1 }),
      benchStateDir('a-', { memoryRoot, minFreeBytes: 1 }),
    ]);
    expect(first).not.toBe(second);
  });
});
