/**
 * Function names for an action's operations: the operationId when there is one, else
 * `<method>_<path>`, reduced to the characters every provider accepts in a tool name, at most
 * 64 long, and unique within the document (a clash gets `_2`, `_3`, …).
 */
const MAX_NAME = 64;

export function sanitiseName(raw: string): string {
  return raw
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, MAX_NAME);
}

export class NameAllocator {
  private readonly taken = new Set<string>();

  /** A unique name for an operation: `operationId` when given, else built from method and path. */
  allocate(operationId: unknown, method: string, path: string): string {
    const fromId = typeof operationId === 'string' ? sanitiseName(operationId) : '';
    const base = fromId || sanitiseName(`${method}_${path}`) || method;
    let name = base;
    for (let n = 2; this.taken.has(name.toLowerCase()); n += 1) {
      const suffix = `_${n}`;
      name = base.slice(0, MAX_NAME - suffix.length) + suffix;
    }
    this.taken.add(name.toLowerCase());
    return name;
  }
}
