/**
 * `npm run config:push [file] [--remote] [--persist-to <dir>]`
 *
 * Validates a `librechat.yaml` and stores it in the `CONFIG` KV namespace, where the Worker
 * reads it. An invalid file is reported problem by problem and KV is left untouched, so the
 * app keeps serving its last good config. Without `--remote` the value goes to the local store
 * that `wrangler dev` (and `npm start`) use: `.wrangler/state`, or the `--persist-to` directory.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseAppConfig } from '../services/config/parse';
import { APP_CONFIG_KV_KEY, createStoredAppConfig } from '../services/config/record';
import { putConfigKv, type KvTarget } from './lib/kv';
import { REPO_ROOT } from './lib/paths';
import { isMainModule } from './lib/process';

export const DEFAULT_CONFIG_FILE = path.join(REPO_ROOT, 'librechat.yaml');

export interface PushConfigOptions extends KvTarget {
  /** The YAML file; relative paths are taken from the current directory. Default: `librechat.yaml` at the repo root. */
  file?: string;
}

/** A config file that failed validation; `message` lists every problem. */
export class ConfigInvalidError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`Config ${file} is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigInvalidError';
  }
}

/** How a file is named in messages: as the user would type it from here. */
function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/**
 * Validates `file` and writes it to KV. Throws {@link ConfigInvalidError} (nothing written)
 * when the file is invalid, or an Error when it cannot be read or wrangler fails.
 */
export async function pushConfig(options: PushConfigOptions = {}): Promise<void> {
  const file = path.resolve(options.file ?? DEFAULT_CONFIG_FILE);
  const name = displayName(file);

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'not found' : String(error);
    throw new Error(`Config ${name} could not be read: ${reason}`);
  }

  const parsed = parseAppConfig(text);
  if (!parsed.ok) throw new ConfigInvalidError(name, parsed.errors);

  await putConfigKv(APP_CONFIG_KV_KEY, createStoredAppConfig(parsed.config, path.basename(file)), options);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      remote: { type: 'boolean', default: false },
      local: { type: 'boolean', default: false },
      'persist-to': { type: 'string' },
    },
  });
  if (positionals.length > 1) throw new Error(`Expected at most one config file, got: ${positionals.join(' ')}`);
  if (values.remote && values.local) throw new Error('Choose one of --local and --remote.');
  // `npm run` moves to the package root; a relative path is meant from where npm was invoked.
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const file = positionals[0] === undefined ? undefined : path.resolve(invokedFrom, positionals[0]);
  const persistToArg = values['persist-to'];
  const persistTo = persistToArg === undefined ? undefined : path.resolve(invokedFrom, persistToArg);
  await pushConfig({
    remote: values.remote,
    ...(file === undefined ? {} : { file }),
    ...(persistTo === undefined ? {} : { persistTo }),
  });
  const where = values.remote
    ? 'the remote CONFIG namespace'
    : `the local CONFIG namespace${persistTo ? ` in ${persistTo}` : ''}`;
  console.log(`Config ${displayName(file ?? DEFAULT_CONFIG_FILE)} is valid and was written to ${where}.`);
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
