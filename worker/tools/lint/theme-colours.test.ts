import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths';

// Tailwind turns a class naming a colour the theme does not define into nothing, silently: a chip
// or a switch track drawn with it has no background at all. Every semantic colour a component of
// the SPA names must be one web/src/index.css defines, in the light theme and the dark one.
const WEB_SRC = path.join(REPO_ROOT, 'web/src');

/** `bg-surface-tertiary`, `hover:border-border-medium`: a utility, then a semantic colour. */
const SEMANTIC_CLASS =
  /\b(?:bg|text|border|outline|ring|fill|stroke|divide|decoration|accent|caret)-((?:surface|text|border|ring)-[a-z]+(?:-[a-z]+)*)/g;

async function componentSources(): Promise<[string, string][]> {
  const entries = await readdir(WEB_SRC, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file): Promise<[string, string]> => [file, await readFile(file, 'utf8')]));
}

const cssBlock = (css: string, selector: RegExp) => selector.exec(css)?.[1] ?? '';

describe('the theme defines every colour the SPA names', () => {
  it('has a --color-* entry for each semantic colour class, with light and dark values', async () => {
    const css = await readFile(path.join(WEB_SRC, 'index.css'), 'utf8');
    const defined = new Set([...css.matchAll(/--color-([a-z-]+):/g)].map((match) => match[1]));
    expect(defined.size).toBeGreaterThan(10);
    const light = cssBlock(css, /:root\s*{([^}]*)}/);
    const dark = cssBlock(css, /\.dark\s*{([^}]*)}/);
    for (const colour of defined) {
      expect(light, `${colour} in :root`).toContain(`--${colour}:`);
      expect(dark, `${colour} in .dark`).toContain(`--${colour}:`);
    }

    const missing: Record<string, string> = {};
    for (const [file, source] of await componentSources()) {
      for (const [, colour = ''] of source.matchAll(SEMANTIC_CLASS)) {
        if (!defined.has(colour)) missing[colour] ??= path.relative(REPO_ROOT, file);
      }
    }
    expect(missing).toEqual({});
  });
});
