/**
 * CPU time used by the workerd processes this Node process started (Miniflare's runtime: the
 * Worker, its Durable Objects and the local D1/KV/R2 simulators all run in it), read from
 * /proc on Linux. A difference of two readings is what the work between them cost the runtime.
 */
import { readdir, readFile } from 'node:fs/promises';

/** Linux reports CPU in clock ticks; 100 a second on every platform Linux runs on today. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  parent: number;
  name: string;
  /** user + system, in ticks. */
  cpuTicks: number;
}

async function readStat(pid: number): Promise<ProcStat | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(')');
    const name = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After the name: state, ppid, … utime is field 14 and stime 15 of the whole line (1-based).
    return { pid, parent: Number(fields[1]), name, cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU used so far by every workerd process descended from this one. */
export async function workerdCpuMs(): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
  const stats = (await Promise.all(pids.map(readStat))).filter((s): s is ProcStat => s !== null);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const descends = (stat: ProcStat): boolean => {
    for (let parent = stat.parent; parent > 1; parent = byPid.get(parent)?.parent ?? 0)
      if (parent === process.pid) return true;
    return false;
  };
  const ticks = stats.filter((s) => s.name === 'workerd' && descends(s)).reduce((sum, s) => sum + s.cpuTicks, 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
