/**
 * Uploads through the Worker: a 100 MB and a 512 MB file sent as the web client sends large
 * files (the parts API, 8 MiB parts, two at a time), into the local R2 of an in-process app.
 * Per file: the throughput and how much workerd's memory (RSS) rose above its level before the
 * upload, sampled every 50 ms. The rise is an upper bound of what the Worker held: the process
 * also runs the local R2 that stores the parts. The Worker streams each part, so it must stay
 * far below the 128 MB an isolate may use, whatever the file's size.
 */
import { readdir, readFile } from 'node:fs/promises';
import { BENCH_ENDPOINT } from './bench-app';
import { withChatBenchApp } from './chat-bench-app';
import { EDGE_HEADERS, register } from './chat-client';

export interface UploadFigure {
  megabytes: number;
  seconds: number;
  megabytesPerSecond: number;
  /** workerd's RSS rise over the upload, in MB (peak minus the level before it). */
  rssRiseMb: number;
}

/** Decimal megabytes, as the sizes are quoted. */
const MB = 1_000_000;
const UPLOAD_SIZES_MB = [100, 512] as const;
const PARALLEL_PARTS = 2;
const WARM_UP_MB = 20;
const RSS_SAMPLE_MS = 50;

/** RSS in bytes of every workerd process this Node process started (see workerd-cpu.ts). */
async function workerdRssBytes(): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  let total = 0;
  for (const pid of pids) {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s+workerd$/m.test(status)) continue;
      const ppid = Number(/^PPid:\s+(\d+)$/m.exec(status)?.[1]);
      if (!(await descendsFromUs(ppid))) continue;
      total += Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while we read it.
    }
  }
  return total;
}

async function descendsFromUs(pid: number): Promise<boolean> {
  for (let current = pid; current > 1;) {
    if (current === process.pid) return true;
    const status = await readFile(`/proc/${current}/status`, 'utf8').catch(() => '');
    current = Number(/^PPid:\s+(\d+)$/m.exec(status)?.[1] ?? 0);
  }
  return false;
}

async function call<T>(url: string, token: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { ...EDGE_HEADERS, authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** `size` random bytes, filled 64 KiB at a time (getRandomValues' most per call). */
function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let start = 0; start < size; start += 65_536) crypto.getRandomValues(bytes.subarray(start, start + 65_536));
  return bytes;
}

async function uploadOnce(origin: string, token: string, bytes: number): Promise<number> {
  const started = await call<{ uploadId: string; partSize: number; parts: number }>(
    `${origin}/api/files/uploads`,
    token,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        filename: `bench-${bytes}.txt`,
        type: 'text/plain',
        bytes,
        endpoint: BENCH_ENDPOINT.name,
        file_id: crypto.randomUUID(),
      }),
    },
  );
  // One buffer of random bytes, reused for every part: the Worker does not look at the content.
  const chunk = randomBytes(started.partSize);
  const etags: { partNumber: number; etag: string }[] = [];
  let next = 1;
  const worker = async () => {
    for (let part = next++; part <= started.parts; part = next++) {
      const size = Math.min(started.partSize, bytes - (part - 1) * started.partSize);
      const answer = await call<{ partNumber: number; etag: string }>(
        `${origin}/api/files/uploads/${started.uploadId}/parts/${part}`,
        token,
        { method: 'PUT', body: chunk.subarray(0, size) },
      );
      etags.push(answer);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_PARTS }, worker));
  etags.sort((a, b) => a.partNumber - b.partNumber);
  const stored = await call<{ bytes: number }>(`${origin}/api/files/uploads/${started.uploadId}/complete`, token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ parts: etags }),
  });
  if (stored.bytes !== bytes) throw new Error(`Stored ${stored.bytes} bytes of ${bytes}.`);
  return stored.bytes;
}

export async function measureUploadThroughput(): Promise<UploadFigure[]> {
  return withChatBenchApp(
    {
      host: 'in-process',
      mock: {},
      vars: { FILE_UPLOAD_USER_MAX: '1000', FILE_UPLOAD_IP_MAX: '1000' },
      // Over 600 MB of files reach the local R2: on the disk, not in the machine's memory.
      state: 'disk',
    },
    async (app) => {
      const token = await register(app.url);
      // A first, small upload: workerd's one-time allocations (compiled code, the local R2's
      // buffers) then fall before the measured ones, which show only what an upload holds.
      await uploadOnce(app.url, token, WARM_UP_MB * MB);
      const figures: UploadFigure[] = [];
      for (const megabytes of UPLOAD_SIZES_MB) {
        const before = await workerdRssBytes();
        let peak = before;
        const sampler = setInterval(() => {
          void workerdRssBytes().then((rss) => {
            peak = Math.max(peak, rss);
          });
        }, RSS_SAMPLE_MS);
        const startedAt = performance.now();
        try {
          await uploadOnce(app.url, token, megabytes * MB);
        } finally {
          clearInterval(sampler);
        }
        const seconds = (performance.now() - startedAt) / 1000;
        figures.push({
          megabytes,
          seconds,
          megabytesPerSecond: megabytes / seconds,
          rssRiseMb: (peak - before) / MB,
        });
      }
      return figures;
    },
  );
}
