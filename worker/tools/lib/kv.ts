import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, localBin } from './paths';
import { runProcess } from './process';
import { localWranglerEnv } from './wrangler-env';

export interface KvTarget {
  /** Write to the deployed namespace instead of the local one. */
  remote?: boolean;
  /** Local persistence directory (as given to `wrangler dev --persist-to`). Local only. */
  persistTo?: string;
}

function targetArgs(target: KvTarget): string[] {
  if (target.remote && target.persistTo !== undefined) {
    throw new Error('--persist-to applies to the local store only; it cannot be combined with --remote.');
  }
  if (target.remote) return ['--remote'];
  return ['--local', ...(target.persistTo === undefined ? [] : ['--persist-to', path.resolve(target.persistTo)])];
}

function runWrangler(args: string[], label: string): Promise<void> {
  // Run from the repo root so wrangler finds wrangler.toml and its default `.wrangler/state`.
  return runProcess(process.execPath, [localBin('wrangler'), ...args], {
    label,
    cwd: REPO_ROOT,
    stdio: 'pipe',
    env: localWranglerEnv(),
  });
}

/** Writes `value` as JSON under `key` in the `CONFIG` KV namespace through wrangler. */
export async function putConfigKv(key: string, value: unknown, target: KvTarget): Promise<void> {
  const args = targetArgs(target);
  // wrangler takes the value from a file: no size limit of a command line, no secret in `ps`.
  const dir = await mkdtemp(path.join(tmpdir(), 'kv-put-'));
  try {
    const valueFile = path.join(dir, 'value.json');
    await writeFile(valueFile, JSON.stringify(value), { mode: 0o600 });
    await runWrangler(
      ['kv', 'key', 'put', '--binding', 'CONFIG', key, '--path', valueFile, ...args],
      'wrangler kv key put',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes `key` from the `CONFIG` KV namespace. */
export function deleteConfigKv(key: string, target: KvTarget): Promise<void> {
  return runWrangler(
    ['kv', 'key', 'delete', '--binding', 'CONFIG', key, ...targetArgs(target)],
    'wrangler kv key delete',
  );
}
