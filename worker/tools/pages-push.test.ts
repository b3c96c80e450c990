import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStoredPublicPages, PUBLIC_PAGES_KV_KEY } from '../services/public-pages/record';
import { PagesInvalidError, pushPages } from './pages-push';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pages-push-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = (files: Record<string, string>) =>
  Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(dir, name), text)));

async function problemsOf(files: Record<string, string>): Promise<readonly string[]> {
  await write(files);
  const put = vi.fn();
  const error: unknown = await pushPages({ dir, put }).catch((caught: unknown) => caught);
  expect(put).not.toHaveBeenCalled();
  expect(error).toBeInstanceOf(PagesInvalidError);
  return (error as PagesInvalidError).problems;
}

describe('pages:push', () => {
  it('writes every page and language as one validated record', async () => {
    await write({
      'about.md': '# About us',
      'about.de-DE.md': '# Über uns',
      'privacy.md': '# Privacy',
      'README.md': 'notes for the operator',
      'changelog.yaml': '- date: 2026-03-01\n  version: 1.2\n  items:\n    - type: Fix\n      description: A fix\n',
    });
    const put = vi.fn();
    const result = await pushPages({ dir, put, persistTo: '/tmp/state' });
    expect(result.pages).toBe(4);
    expect(put).toHaveBeenCalledOnce();
    const [key, value, target] = put.mock.calls[0] as [string, unknown, unknown];
    expect(key).toBe(PUBLIC_PAGES_KV_KEY);
    expect(target).toEqual({ persistTo: '/tmp/state' });
    expect(parseStoredPublicPages(value)).toMatchObject({
      markdown: { about: { default: '# About us', 'de-DE': '# Über uns' }, privacy: { default: '# Privacy' } },
      changelog: { default: [{ date: '2026-03-01', version: '1.2', items: [{ type: 'Fix', description: 'A fix' }] }] },
    });
  });

  it('lists every problem of the changelog with where it is', async () => {
    const problems = await problemsOf({
      'changelog.yaml':
        '- date: March 1\n  items:\n    - type: Bugfix\n      description: x\n- date: 2026-02-30\n  items: []\n',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^changelog\.yaml: 0\.date: must be a real date written YYYY-MM-DD$/),
        expect.stringMatching(/^changelog\.yaml: 0\.items\.0\.type: .*Feature.*Rebranding/),
        expect.stringMatching(/^changelog\.yaml: 1\.date: must be a real date/),
        expect.stringMatching(/^changelog\.yaml: 1\.items: /),
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses unknown files, bad language tags and broken YAML', async () => {
    const problems = await problemsOf({
      'contact.md': '# Contact',
      'about.german.md': '# Über uns',
      'changelog.fr-FR.yaml': 'date: [',
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^about\.german\.md: "german" is not a language tag/);
    expect(problems[1]).toMatch(/^changelog\.fr-FR\.yaml: not valid YAML/);
    expect(problems[2]).toMatch(/^contact\.md: not a page file\. Expected one of about\.md, .*changelog\.yaml/);
  });

  it('says how to create a missing folder', async () => {
    await expect(pushPages({ dir: path.join(dir, 'nope'), put: vi.fn() })).rejects.toThrow(
      /not found\. Create it beside librechat\.yaml/,
    );
  });
});
