/**
 * The one way product code logs: each call prints a single JSON line
 * `{ level, event, ...context, ...fields }`, so Workers Logs can filter on any field. A logger
 * carries context fields that every line it prints repeats: the request id for a request's
 * logger (set by the request-id middleware as `c.var.log`), the conversation and run ids in the
 * ConversationDO. Lines outside any request (cron, caches shared by requests) use `log`.
 */
export type LogFields = Readonly<Record<string, unknown>>;

export type LogLevel = 'info' | 'warn' | 'error';

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** A logger whose lines also carry `context` (a line's own fields win on a clash). */
  with(context: LogFields): Logger;
}

// Looked up on each call, not bound once, so a test's spy on console sees the line.
const WRITERS: Record<LogLevel, (line: string) => void> = {
  info: (line) => console.log(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

export function createLogger(context: LogFields = {}): Logger {
  const write = (level: LogLevel, event: string, fields?: LogFields) =>
    WRITERS[level](JSON.stringify({ level, event, ...context, ...fields }));
  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
    with: (more) => createLogger({ ...context, ...more }),
  };
}

/** The logger for lines that belong to no request. */
export const log: Logger = createLogger();

/** An error as a log field: its message (the stack stays out of ordinary lines). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
