// @ts-check
// The one-way rules between the parts of the code, as zones of import-x/no-restricted-paths:
// a file matching `target` may not import a module that resolves into `from` (except the
// paths listed in `except`). Imports are compared by the file they resolve to, so relative
// paths and the web's `@/` and `@contract/` aliases are all caught.
import path from 'node:path';

/**
 * @param {string} repoRoot absolute path of the repository
 * @param {string[]} webFeatures folder names under web/src/features
 * @param {{ webMayImport?: string[] }} [options] worker or Durable Object files a web file may
 *   import after all (only for the test that checks the engine's frames against the web's parser)
 */
export function importBoundaries(repoRoot, webFeatures, options = {}) {
  const abs = (/** @type {string} */ relative) => path.join(repoRoot, relative);

  return [
    {
      target: 'worker/contract/**',
      from: '.',
      except: ['./worker/contract', './node_modules/zod'],
      message: 'The contract is shared with the web: it imports only zod and other contract files.',
    },
    {
      target: 'worker/providers/**',
      from: ['worker/services', 'worker/db', 'worker/routes', 'worker/middleware'],
      message:
        'Providers only speak wire protocols: endpoints, targets and model lists are resolved above them and passed in.',
    },
    {
      target: 'worker/db/**',
      from: ['worker/routes', 'worker/services', 'worker/middleware'],
      message: 'The db layer knows no handlers or services; they call it.',
    },
    {
      target: 'durable-objects/**',
      from: ['worker/routes', 'worker/middleware', 'worker/services', 'worker/app.ts', 'worker/index.ts'],
      message:
        "The Durable Object uses the worker's lower layers (engine, db, providers, contract, logging), never a route, a middleware or a service.",
    },
    {
      // The pieces of a run that both the send path and the Durable Object need; below both.
      target: 'worker/engine/**',
      from: ['worker/routes', 'worker/middleware', 'worker/services', 'durable-objects'],
      message:
        'The engine layer sits below the send path and the Durable Object: it imports only contract, db, providers and agent-tools types.',
    },
    {
      // The tools an agent calls (built-ins, actions, MCP servers): beside the providers, below the
      // send path and the Durable Object that run them. They are given what they need (targets,
      // credentials, limits) and keep their own types, so the engine can name them without a cycle.
      target: 'worker/agent-tools/**',
      from: ['worker/routes', 'worker/middleware', 'worker/services', 'worker/db', 'worker/engine', 'durable-objects'],
      message:
        'Agent tools are called by the send path and the Durable Object: they import only contract, providers and logging.',
    },
    {
      // The mock provider and OIDC servers are Node test servers, not product code.
      target: ['worker/!(tools)/**', 'worker/*.ts', 'durable-objects/**', 'web/src/**'],
      from: 'worker/tools',
      message: 'Product code does not import the Node tools (mock servers, scripts).',
    },
    {
      // The worker reaches the Durable Object only through its class and its typed RPC
      // surface. worker/index.ts exports the class to the runtime and worker/env.ts types the
      // binding; benchmarks time the engine's parts directly.
      target: ['worker/!(index|env).ts', 'worker/!(tools)/**'],
      from: 'durable-objects',
      // The class module is the RPC surface: its public methods are the typed calls.
      except: ['./conversation/conversation-do.ts'],
      message:
        "Outside worker/index.ts and worker/env.ts, the worker uses only the Durable Object's class and RPC surface.",
    },
    {
      target: 'web/src/**',
      from: ['worker', 'migrations'],
      except: ['./contract'],
      message: 'The web imports from the worker only the contract (`@contract/*`).',
    },
    {
      target: 'web/src/**',
      from: 'durable-objects',
      except: (options.webMayImport ?? []).map((file) => `./${path.relative('durable-objects', file)}`),
      message: 'The web does not import the Durable Object; the stream frames it reads are in the contract.',
    },
    {
      target: ['web/src/lib/**', 'web/src/components/**', 'web/src/shared/**', 'web/src/config/**'],
      from: ['web/src/features', 'web/src/app'],
      message: 'Shared web code imports no feature and no app module: imports flow app → features → shared.',
    },
    {
      target: 'web/src/features/**',
      from: 'web/src/app',
      message: 'Features do not import the app layer: imports flow app → features → shared.',
    },
    ...webFeatures.map((feature) => ({
      target: `web/src/features/${feature}/**`,
      from: abs('web/src/features'),
      except: [`./${feature}`],
      message: `A feature does not import another feature's internals; move what several features need to shared code.`,
    })),
  ];
}
