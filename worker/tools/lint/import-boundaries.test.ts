import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each one-way import rule of eslint.config.mjs, tried on one import it must refuse and one it
// must let through, so a rule that stops matching (a moved folder, a resolver that no longer
// follows an alias) fails here instead of silently passing every file.

const repoRoot = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: path.join(repoRoot, 'worker/tools/lint/eslint.config.mjs'),
  // Only the import rules, parsed without type information. With the config's TypeScript
  // projects, CI=true puts typescript-eslint in single-run mode, which parses each file as it is
  // on disk and would ignore the source this test lints in its place.
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/** The rules that object to `source` placed in the (existing) file `file`. */
async function objections(file: string, source: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(repoRoot, file) });
  if (!result) throw new Error(`nothing linted for ${file}`);
  return result.messages.map((message) => message.ruleId);
}

const REFUSED = ['import-x/no-restricted-paths'];

describe('import boundaries', () => {
  it.each([
    ['the contract imports a package other than zod', 'worker/contract/auth.ts', "import { Hono } from 'hono';"],
    ['the contract imports the db', 'worker/contract/auth.ts', "import { db } from '../db/client';"],
    ['a provider imports the db', 'worker/providers/openai/stream.ts', "import { db } from '../../db/client';"],
    [
      'a provider imports a service',
      'worker/providers/registry.ts',
      "import { hashPassword } from '../services/auth/passwords';",
    ],
    ['the db imports a route', 'worker/db/client.ts', "import { health } from '../routes/health';"],
    [
      'an agent tool imports a service',
      'worker/agent-tools/calculator.ts',
      "import { hashPassword } from '../services/auth/passwords';",
    ],
    ['an agent tool imports the db', 'worker/agent-tools/calculator.ts', "import { db } from '../db/client';"],
    [
      'the DO imports a route',
      'durable-objects/conversation/run.ts',
      "import { health } from '../../worker/routes/health';",
    ],
    [
      'the DO imports the send path',
      'durable-objects/conversation/run.ts',
      "import { startSend } from '../../worker/services/chat/send';",
    ],
    [
      'the engine layer imports a service',
      'worker/engine/turn.ts',
      "import { hashPassword } from '../services/auth/passwords';",
    ],
    [
      'product code imports a mock server',
      'worker/routes/health.ts',
      "import { startMockOpenAI } from '../tools/mock/mock-openai-server';",
    ],
    [
      "the worker imports the DO's internals",
      'worker/routes/health.ts',
      "import { FRAME_FLUSH_MAX } from '../../durable-objects/conversation/frame-buffer';",
    ],
    [
      'the web imports the worker outside the contract',
      'web/src/lib/react-query.ts',
      "import { db } from '../../../worker/db/client';",
    ],
    [
      'the web imports the Durable Object',
      'web/src/features/chat/stream/parse-frame.ts',
      "import { messageFrame } from '../../../../../durable-objects/conversation/frames';",
    ],
    ['shared web code imports the app', 'web/src/lib/react-query.ts', "import { appRoutes } from '@/app/router';"],
    [
      'shared web code imports a feature',
      'web/src/components/ui/button.tsx',
      "import { LoginRoute } from '@/features/auth/routes/login';",
    ],
    [
      'a feature imports another',
      'web/src/features/search/components/search-box.tsx',
      "import { LoginRoute } from '@/features/auth/routes/login';",
    ],
  ])('refuses an import where %s', async (_what, file, source) => {
    expect(await objections(file, source)).toEqual(REFUSED);
  });

  it.each([
    ['the contract imports zod', 'worker/contract/auth.ts', "import { z } from 'zod';"],
    ['the DO imports the db', 'durable-objects/conversation/run.ts', "import { db } from '../../worker/db/client';"],
    [
      "the worker imports the DO's class, its RPC surface",
      'worker/routes/health.ts',
      "import type { ConversationDO } from '../../durable-objects/conversation/conversation-do';",
    ],
    [
      'the DO imports the engine layer',
      'durable-objects/conversation/run.ts',
      "import { errorText } from '../../worker/engine/error-text';",
    ],
    ['the web imports the contract', 'web/src/lib/react-query.ts', "import { tagSchema } from '@contract/tags';"],
    [
      'an agent tool imports the providers’ address guard',
      'worker/agent-tools/calculator.ts',
      "import { assertPublicHttpUrl } from '../providers/url-guard';",
    ],
    [
      'a feature imports its own files and shared code',
      'web/src/features/search/components/search-box.tsx',
      "import { paths } from '@/config/paths';",
    ],
  ])('accepts an import where %s', async (_what, file, source) => {
    expect(await objections(file, source)).toEqual([]);
  });

  it('lets the PDF extractor in only through a dynamic import, so it loads only for PDFs', async () => {
    const file = 'worker/services/files/pdf-text.ts';
    expect(await objections(file, "import { getDocumentProxy } from 'unpdf';")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await objections(file, "export const load = () => import('unpdf');")).toEqual([]);
  });

  it('refuses an import it cannot resolve, which the boundaries could not check', async () => {
    expect(await objections('worker/routes/health.ts', "import { x } from '../no-such-module';")).toEqual([
      'import-x/no-unresolved',
    ]);
  });
});
