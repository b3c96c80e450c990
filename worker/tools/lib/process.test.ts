import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, runProcess, startProcess } from './process';

/** Running, and not a zombie waiting to be reaped (containers' PID 1 may never reap). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf(process.platform === 'linux')('startProcess', () => {
  it('stops the whole process group, grandchildren included', async () => {
    // The shell starts a grandchild and prints its pid, the way wrangler starts workerd.
    const proc = startProcess('sh', ['-c', 'sleep 60 & echo $!; wait'], { label: 'sleeper', stdio: 'pipe' });
    await expect.poll(() => proc.output().trim()).toMatch(/^\d+$/);
    const grandchild = Number(proc.output().trim());
    expect(isAlive(grandchild)).toBe(true);

    const status = await proc.stop({ signal: 'SIGTERM' });

    expect(status.signal ?? status.code).toBeTruthy();
    await expect.poll(() => isAlive(grandchild)).toBe(false);
  });

  it('kills a process that ignores the polite signal after the grace period', async () => {
    const proc = startProcess('sh', ['-c', 'trap "" INT; echo ready; sleep 60'], { label: 'stubborn', stdio: 'pipe' });
    await expect.poll(() => proc.output()).toContain('ready');
    const status = await proc.stop({ signal: 'SIGINT', graceMs: 100 });
    expect(exitCodeOf(status)).toBe(137);
  });
});

describe('runProcess', () => {
  it('resolves when the command succeeds', async () => {
    await expect(runProcess('sh', ['-c', 'exit 0'], { label: 'ok', stdio: 'pipe' })).resolves.toBeUndefined();
  });

  it('rejects with the exit code and the output when the command fails', async () => {
    await expect(
      runProcess('sh', ['-c', 'echo broken >&2; exit 3'], { label: 'The step', stdio: 'pipe' }),
    ).rejects.toThrow(/The step exited with code 3\.\nbroken/);
  });
});

describe('exitCodeOf', () => {
  it('uses the exit code, or 128 + the signal number', () => {
    expect(exitCodeOf({ code: 2, signal: null })).toBe(2);
    expect(exitCodeOf({ code: null, signal: 'SIGINT' })).toBe(130);
    expect(exitCodeOf({ code: null, signal: 'SIGTERM' })).toBe(143);
  });
});
