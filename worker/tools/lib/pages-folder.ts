import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { changelogSchema, PUBLIC_PAGE_LIMITS, type ChangelogEntry } from '../../contract/public-pages';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_TAG,
  MARKDOWN_PAGE_SLUGS,
  type StoredPublicPages,
} from '../../services/public-pages/record';

/**
 * Reads the operator's pages folder: `about.md`, `help.md`, … and `changelog.yaml`, each
 * optionally per language (`about.de-DE.md`, `changelog.fr-FR.yaml`). Every problem is
 * collected, so one run lists them all; nothing is returned when there is any.
 */

export type PagesContent = Omit<StoredPublicPages, 'updatedAt'>;

const FILE_NAME = /^([a-z-]+?)(?:\.([A-Za-z0-9-]+))?\.(md|yaml|yml)$/;
const PAGE_SET = new Set<string>(MARKDOWN_PAGE_SLUGS);

function expectedNames(): string {
  return [...MARKDOWN_PAGE_SLUGS.map((slug) => `${slug}.md`), 'changelog.yaml'].join(', ');
}

function changelogProblems(file: string, text: string): { entries?: ChangelogEntry[]; problems: string[] } {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    return { problems: [`${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const parsed = changelogSchema.safeParse(data ?? []);
  if (parsed.success) return { entries: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => {
      const where = issue.path.length ? issue.path.join('.') : 'the file';
      return `${file}: ${where}: ${issue.message}`;
    }),
  };
}

/** Validates every file of `dir`; `problems` is empty when the content can be pushed. */
export async function readPagesFolder(dir: string): Promise<{ content: PagesContent; problems: string[] }> {
  const content: PagesContent = { markdown: {} };
  const problems: string[] = [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((e) => e.name);

  for (const name of names.sort()) {
    if (name.startsWith('.') || name.toLowerCase() === 'readme.md') continue;
    const match = FILE_NAME.exec(name);
    const [, slug = '', tag, extension = ''] = match ?? [];
    const lang = tag ?? DEFAULT_LANGUAGE;
    const isChangelog = slug === 'changelog' && extension !== 'md';
    const isPage = PAGE_SET.has(slug) && extension === 'md';
    if (!match || (!isChangelog && !isPage)) {
      problems.push(
        `${name}: not a page file. Expected one of ${expectedNames()}, optionally per language (about.de-DE.md).`,
      );
      continue;
    }
    if (tag !== undefined && !LANGUAGE_TAG.test(tag)) {
      problems.push(`${name}: "${tag}" is not a language tag such as de-DE or zh-Hans.`);
      continue;
    }
    const text = await readFile(path.join(dir, name), 'utf8');
    if (isChangelog) {
      const result = changelogProblems(name, text);
      problems.push(...result.problems);
      if (result.entries) content.changelog = { ...content.changelog, [lang]: result.entries };
      continue;
    }
    if (text.length > PUBLIC_PAGE_LIMITS.markdownMaxChars) {
      problems.push(`${name}: longer than ${PUBLIC_PAGE_LIMITS.markdownMaxChars} characters.`);
      continue;
    }
    const pageSlug = MARKDOWN_PAGE_SLUGS.find((candidate) => candidate === slug);
    if (pageSlug) content.markdown[pageSlug] = { ...content.markdown[pageSlug], [lang]: text };
  }
  return { content, problems };
}
