import { expect, vi } from 'vitest';

/** Every line written to the console during `act`, parsed; fails if a call wrote anything but one JSON line. */
export function consoleLines(act: () => unknown): Promise<Record<string, unknown>[]> {
  const calls: unknown[][] = [];
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => calls.push([method, ...args]));
  }
  return Promise.resolve(act()).then(() =>
    calls.map(([method, ...args]) => {
      expect(args).toHaveLength(1);
      const text = String(args[0]);
      expect(text).not.toContain('\n');
      return { method, ...(JSON.parse(text) as Record<string, unknown>) };
    }),
  );
}
