import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Stdio = 'inherit' | 'pipe';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcess {
  readonly label: string;
  readonly pid: number;
  /** Resolves (never rejects) once the process has exited. */
  readonly exited: Promise<ExitStatus>;
  /** The last part of what the process printed, when started with stdio 'pipe'. */
  output(): string;
  /**
   * Stops the process and everything it started (its process group): `signal` first, then
   * SIGKILL after `graceMs`. Safe to call more than once and after the process has exited.
   */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<ExitStatus>;
}

export interface StartProcessOptions {
  /** Shown in messages: "the SPA build", "wrangler dev"… */
  label: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** 'inherit' shares our terminal (stdin excepted); 'pipe' keeps the output for `output()`. */
  stdio?: Stdio;
}

/** How much of a piped process's output is kept for error messages. */
const OUTPUT_TAIL_CHARS = 64_000;
/** How long a process gets to shut down cleanly before it is killed. */
const STOP_GRACE_MS = 10_000;
/** Signals closer together than this are one Ctrl-C delivered twice. */
const DUPLICATE_SIGNAL_WINDOW_MS = 1_000;

const live = new Set<ManagedProcess>();
let exitHookInstalled = false;
let shuttingDown = false;

/** Whether a Ctrl-C / SIGTERM is being handled (see `installSignalHandlers`). */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

/** Whether the module at `moduleUrl` is the script node (or tsx) was asked to run. */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  const withoutExtension = (file: string): string => file.replace(/\.[cm]?[jt]s$/, '');
  return withoutExtension(path.resolve(script)) === withoutExtension(fileURLToPath(moduleUrl));
}

/**
 * Starts a command in its own process group, so that stopping it also stops what it spawned
 * (wrangler starts workerd and esbuild). Its stdin is never our terminal: a process outside the
 * terminal's foreground group that read it would be suspended, and Ctrl-C reaches the children
 * through `installSignalHandlers` instead of directly.
 */
export function startProcess(command: string, args: readonly string[], options: StartProcessOptions): ManagedProcess {
  installExitHook();
  const stdio = options.stdio ?? 'inherit';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', stdio, stdio],
    detached: process.platform !== 'win32',
  });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('error', (error) => {
      keep(Buffer.from(`\n${error.message}\n`));
      status ??= { code: 127, signal: null };
      resolve(status);
    });
    child.once('close', (code, signal) => {
      status ??= { code, signal };
      resolve(status);
    });
  });

  const signalGroup = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // ESRCH: the whole group is already gone.
    }
  };

  const managed: ManagedProcess = {
    label: options.label,
    pid: child.pid ?? -1,
    exited,
    output: () => tail,
    async stop({ signal = 'SIGINT', graceMs = STOP_GRACE_MS } = {}) {
      if (status === undefined) {
        signalGroup(signal);
        const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // Grandchildren that outlived their parent (an orphaned workerd) go too.
      signalGroup('SIGKILL');
      live.delete(managed);
      return exited;
    },
  };
  // Listed until stop() has cleaned up its group, even after the leader exits on its own.
  live.add(managed);
  return managed;
}

/** Runs a command to completion; throws with its output when it fails. */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: StartProcessOptions,
): Promise<void> {
  const proc = startProcess(command, args, options);
  const status = await proc.exited;
  await proc.stop();
  if (status.code !== 0) {
    const how = status.signal ? `was stopped by ${status.signal}` : `exited with code ${status.code}`;
    const output = proc.output().trim();
    throw new Error(`${options.label} ${how}.${output ? `\n${output}` : ''}`);
  }
}

/** Stops every process started through this module that is still running. */
export async function stopAllProcesses(signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  await Promise.all([...live].map((proc) => proc.stop({ signal })));
}

/** The shell convention: the exit code, or 128 + the signal's number when killed by one. */
export function exitCodeOf(status: ExitStatus): number {
  if (status.code !== null) return status.code;
  const number = status.signal ? constants.signals[status.signal] : undefined;
  return number === undefined ? 1 : 128 + number;
}

/**
 * For command-line tools: on Ctrl-C (SIGINT) or SIGTERM, forward the signal to every child
 * started here, wait for them to stop, then exit with `exitCode()` (by default 128 + signal).
 * A second Ctrl-C kills the children at once.
 */
export function installSignalHandlers(exitCode?: (signal: NodeJS.Signals) => Promise<number> | number): void {
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      // The same Ctrl-C can arrive twice (from the terminal and relayed by tsx/npm): only a
      // deliberate second one, a moment later, means "kill now".
      if (Date.now() - firstSignalAt > DUPLICATE_SIGNAL_WINDOW_MS) void stopAllProcesses('SIGKILL');
      return;
    }
    shuttingDown = true;
    firstSignalAt = Date.now();
    void (async () => {
      await stopAllProcesses(signal);
      const code = exitCode ? await exitCode(signal) : 128 + (constants.signals[signal] ?? 0);
      process.exit(code);
    })();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Last resort if our own process exits without stopping its children: kill their groups. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const proc of live) {
      if (proc.pid <= 0) continue;
      try {
        if (process.platform === 'win32') process.kill(proc.pid, 'SIGKILL');
        else process.kill(-proc.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
}
