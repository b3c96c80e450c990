/**
 * Local `$ref`s (`#/components/...`) inlined, so each operation's schema stands alone for the
 * model. Bounded three ways: a reference to itself (directly or through others) is a problem,
 * not an endless expansion; so is a chain deeper than 20; and the whole expansion is capped in
 * nodes, as a few references to references can multiply a small document enormously. Remote
 * references (other files, URLs) are refused: resolving them would be a fetch of its own.
 */
import { isRecord, pathTo, setOwn, type SpecProblem } from './problems';

export const MAX_REF_DEPTH = 20;
const MAX_NODES = 100_000;

export class RefInliner {
  private nodes = 0;

  constructor(
    private readonly root: Record<string, unknown>,
    readonly problems: SpecProblem[],
  ) {}

  /** A copy of `value` with every local reference replaced by its target; undefined where one failed. */
  inline(value: unknown, at: string, stack: readonly string[] = []): unknown {
    this.nodes += 1;
    if (this.nodes > MAX_NODES) {
      if (this.nodes === MAX_NODES + 1)
        this.problems.push({ path: at, message: 'The document grows too large once its $refs are inlined' });
      return undefined;
    }
    if (Array.isArray(value)) return value.map((item, index) => this.inline(item, pathTo(at, index), stack));
    if (!isRecord(value)) return value;
    const ref = value.$ref;
    if (typeof ref === 'string') return this.follow(ref, value, at, stack);
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) setOwn(copy, key, this.inline(child, pathTo(at, key), stack));
    return copy;
  }

  private follow(ref: string, node: Record<string, unknown>, at: string, stack: readonly string[]): unknown {
    const where = pathTo(at, '$ref');
    if (!ref.startsWith('#'))
      return this.problem(where, `Remote $ref "${ref}" is not supported; only local ones (#/...)`);
    if (stack.includes(ref)) return this.problem(where, `$ref "${ref}" refers to itself (a cycle)`);
    if (stack.length >= MAX_REF_DEPTH)
      return this.problem(where, `$ref "${ref}" is nested more than ${MAX_REF_DEPTH} deep`);
    const target = this.lookup(ref);
    if (target === undefined) return this.problem(where, `$ref "${ref}" points to nothing in the document`);
    const resolved = this.inline(target, at, [...stack, ref]);
    // OpenAPI 3.1 lets a reference carry its own summary/description beside `$ref`.
    const { $ref: _, ...siblings } = node;
    return isRecord(resolved) && Object.keys(siblings).length > 0
      ? { ...resolved, ...(this.inline(siblings, at, stack) as Record<string, unknown>) }
      : resolved;
  }

  private lookup(ref: string): unknown {
    if (ref !== '#' && !ref.startsWith('#/')) return undefined; // named anchors are not looked up
    let current: unknown = this.root;
    const segments = ref === '#' ? [] : ref.slice(2).split('/');
    for (const raw of segments) {
      let key: string;
      try {
        key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      } catch {
        return undefined;
      }
      if (Array.isArray(current)) current = current[Number(key)];
      else if (isRecord(current) && Object.hasOwn(current, key)) current = current[key];
      else return undefined;
    }
    return current;
  }

  private problem(path: string, message: string): undefined {
    this.problems.push({ path, message });
    return undefined;
  }
}
