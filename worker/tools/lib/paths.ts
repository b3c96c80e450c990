import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where wrangler.toml and package.json live), whatever the cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));

/**
 * The JavaScript entry of a locally installed package's command, so it can be run with
 * `node <entry>` directly. Equivalent to `npx <bin>` without npx's extra process layer, which
 * would otherwise sit between us and the tool and swallow or delay signals.
 */
export function localBin(pkg: string, bin: string = pkg): string {
  const manifestPath = requireFromRoot.resolve(`${pkg}/package.json`);
  const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bins = typeof manifest === 'object' && manifest !== null && 'bin' in manifest ? manifest.bin : undefined;
  const entry: unknown =
    typeof bins === 'string'
      ? bins
      : typeof bins === 'object' && bins !== null
        ? Object.entries(bins).find(([name]) => name === bin)?.[1]
        : undefined;
  if (typeof entry !== 'string') throw new Error(`Package ${pkg} has no "${bin}" command. Run \`npm install\`.`);
  return path.resolve(path.dirname(manifestPath), entry);
}
