/** A problem in an action's document: where (a readable path into it) and what. */
export interface SpecProblem {
  path: string;
  message: string;
}

/** `base.key` or `base[index]`, the way a reader points into the document. */
export function pathTo(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `target[key] = value` as an own property even for `__proto__`, which a document may name. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
