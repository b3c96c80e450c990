/**
 * `npm run banner -- set --message "<b>Maintenance</b> at 22:00 UTC" [--from <ISO date>] [--to <ISO date>] [--public] [--remote]`
 * `npm run banner -- clear [--remote]`
 *
 * Sets (or removes) the banner shown at the top of the app. Banners live in the `CONFIG` KV
 * namespace (see worker/services/banner.ts); the message is HTML, sanitised by the SPA before
 * it is shown. Without `--public` only signed-in users see it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bannerSchema } from '../contract/config';
import { describeIssues } from '../middleware/validate';
import { BANNERS_KV_KEY } from '../services/banner-record';
import { deleteConfigKv, putConfigKv } from './lib/kv';
import { isMainModule } from './lib/process';

const USAGE =
  'Usage: npm run banner -- set --message <html> [--from <date>] [--to <date>] [--public] [--remote]\n       npm run banner -- clear [--remote]';

function isoDate(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`${flag} is not a date: ${value}`);
  return new Date(time).toISOString();
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      message: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      public: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      'persist-to': { type: 'string' },
    },
  });
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const persistTo = values['persist-to'] === undefined ? undefined : path.resolve(invokedFrom, values['persist-to']);
  const target = { remote: values.remote, ...(persistTo === undefined ? {} : { persistTo }) };
  const where = values.remote ? 'remote' : 'local';

  const [command] = positionals;
  if (command === 'clear') {
    await deleteConfigKv(BANNERS_KV_KEY, target);
    console.log(`Banner removed (${where}).`);
    return;
  }
  if (command !== 'set' || !values.message) throw new Error(USAGE);

  const banner = bannerSchema.safeParse({
    bannerId: crypto.randomUUID(),
    message: values.message,
    displayFrom: isoDate(values.from, '--from') ?? new Date().toISOString(),
    displayTo: isoDate(values.to, '--to') ?? null,
    isPublic: values.public,
    type: 'banner',
  });
  if (!banner.success) throw new Error(describeIssues(banner.error.issues));
  await putConfigKv(BANNERS_KV_KEY, [banner.data], target);
  console.log(`Banner set (${where}); it shows within about a minute.`);
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
