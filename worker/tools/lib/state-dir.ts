import { mkdtemp, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Linux's memory-backed file system, on every common distribution. */
const MEMORY_ROOT = '/dev/shm';
/** Room a bench's state needs; a container's /dev/shm is often far smaller (Docker's is 64 MB). */
const MIN_FREE_BYTES = 1024 ** 3;

/**
 * A new throw-away directory for a bench's local state (D1, KV, R2, the objects' storage): in
 * memory (`memoryRoot`) where the machine has one with room for it, else in the system's
 * temporary directory.
 *
 * Why memory: locally one workerd thread runs every request, every Durable Object and the local
 * D1, and each SQLite commit flushes to disk on that thread (fsync). On a disk, one
 * conversation's commit stalls every other conversation for the flush's length, a queue that
 * exists only on the development machine: in production each object runs on its own and D1 is
 * a service of its own. The load bench's floor (bench/relay-floor.ts) runs in Miniflare's memory,
 * so the app it is compared with must too.
 */
export async function benchStateDir(
  prefix: string,
  options: { memoryRoot?: string; minFreeBytes?: number } = {},
): Promise<string> {
  const memoryRoot = options.memoryRoot ?? MEMORY_ROOT;
  const roomy = await hasRoom(memoryRoot, options.minFreeBytes ?? MIN_FREE_BYTES);
  return mkdtemp(path.join(roomy ? memoryRoot : tmpdir(), prefix));
}

async function hasRoom(dir: string, bytes: number): Promise<boolean> {
  return statfs(dir).then(
    (stats) => stats.bavail * stats.bsize >= bytes,
    () => false,
  );
}
