/**
 * `npm run pages:push [dir] [--remote] [--persist-to <dir>]`
 *
 * Validates the public pages folder (`pages/` beside `librechat.yaml` by default) and stores
 * it in the `CONFIG` KV namespace, where the Worker reads it for /about, /changelog, … An
 * invalid folder is reported problem by problem and KV is left untouched. A push replaces all
 * pages at once: a page without a file goes back to the shipped default. Without `--remote`
 * the value goes to the local store of `wrangler dev` (and `npm start`).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStoredPublicPages, PUBLIC_PAGES_KV_KEY } from '../services/public-pages/record';
import { putConfigKv, type KvTarget } from './lib/kv';
import { readPagesFolder } from './lib/pages-folder';
import { REPO_ROOT } from './lib/paths';
import { isMainModule } from './lib/process';

export const DEFAULT_PAGES_DIR = path.join(REPO_ROOT, 'pages');

/** A pages folder that failed validation; `message` lists every problem. */
export class PagesInvalidError extends Error {
  constructor(
    readonly dir: string,
    readonly problems: readonly string[],
  ) {
    super(`Pages in ${dir} are invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'PagesInvalidError';
  }
}

export interface PushPagesOptions extends KvTarget {
  /** The folder; default `pages/` at the repo root. */
  dir?: string;
  /** Writes the record (tests replace wrangler). */
  put?: typeof putConfigKv;
}

/** Validates `dir` and writes it to KV; throws {@link PagesInvalidError} (nothing written) when invalid. */
export async function pushPages(options: PushPagesOptions = {}): Promise<{ pages: number }> {
  const dir = path.resolve(options.dir ?? DEFAULT_PAGES_DIR);
  let result: Awaited<ReturnType<typeof readPagesFolder>>;
  try {
    result = await readPagesFolder(dir);
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    throw new Error(
      missing
        ? `Pages folder ${dir} not found. Create it beside librechat.yaml with about.md, help.md, … (see README).`
        : `Pages folder ${dir} could not be read: ${String(error)}`,
    );
  }
  if (result.problems.length) throw new PagesInvalidError(dir, result.problems);
  const { content } = result;
  await (options.put ?? putConfigKv)(PUBLIC_PAGES_KV_KEY, createStoredPublicPages(content), {
    ...(options.remote ? { remote: true } : {}),
    ...(options.persistTo === undefined ? {} : { persistTo: options.persistTo }),
  });
  const files = Object.values(content.markdown).flatMap((langs) => Object.keys(langs));
  return { pages: files.length + Object.keys(content.changelog ?? {}).length };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { remote: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
  });
  if (positionals.length > 1) throw new Error(`Expected at most one folder, got: ${positionals.join(' ')}`);
  // `npm run` moves to the package root; a relative path is meant from where npm was invoked.
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const dir = positionals[0] === undefined ? undefined : path.resolve(invokedFrom, positionals[0]);
  const persistTo = values['persist-to'] === undefined ? undefined : path.resolve(invokedFrom, values['persist-to']);
  const { pages } = await pushPages({
    remote: values.remote,
    ...(dir === undefined ? {} : { dir }),
    ...(persistTo === undefined ? {} : { persistTo }),
  });
  const where = values.remote ? 'the remote CONFIG namespace' : 'the local CONFIG namespace';
  console.log(`${pages} page file(s) are valid and were written to ${where}. Pages without a file show the defaults.`);
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
