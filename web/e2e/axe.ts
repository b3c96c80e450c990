/**
 * The accessibility check every page's spec runs: axe-core's WCAG 2.0/2.1 A and AA rules,
 * injected into the page under test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/**
 * axe's source, run with `evaluate` rather than added as a `<script>`: the app's Content
 * Security Policy refuses inline scripts, and code run through DevTools is not bound by it.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_A_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The part of the page to check, as CSS selectors: only `include` (a spec checking what its
 * feature draws), or everything but `exclude` (parts owned by someone else). The whole page
 * when absent.
 */
export type AxeScope = { include?: string[]; exclude?: string[] };

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
type Axe = { run(context: object, options: object): Promise<AxeResult> };

/** axe's violations on the page (or `scope`), each as "rule: target"; an accessible page gives []. */
export async function axeViolations(page: Page, scope?: AxeScope): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ scope, tags }) => {
      const { axe } = window as unknown as { axe: Axe };
      const toContext = (selectors: string[]) => selectors.map((selector) => [selector]);
      const context = scope
        ? {
            ...(scope.include && { include: toContext(scope.include) }),
            ...(scope.exclude && { exclude: toContext(scope.exclude) }),
          }
        : document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags } });
      return result.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
      );
    },
    { scope: scope ?? null, tags: WCAG_A_AA_TAGS },
  );
}
