import { describe, expect, it } from 'vitest';
import { measureRelayFloor } from './relay-floor';

describe('the relay floor', () => {
  it('relays every stream whole, with or without D1, and times the first text, not the role chunk', async () => {
    const mock = { text: 'Four chunks of reply text.', chunks: 4, delayMs: 60 };
    for (const d1 of [false, true]) {
      const [level] = await measureRelayFloor([3], { mock, rounds: 1, pauseMs: 0, d1 });
      expect(level?.concurrent).toBe(3);
      expect(level?.incomplete).toBe(0);
      // The mock waits delayMs before its first text chunk; the role chunk comes at once.
      expect(level?.firstTokenP50).toBeGreaterThanOrEqual(mock.delayMs);
      expect(level?.firstTokenP50).toBeLessThan(mock.delayMs * mock.chunks);
      expect(level?.cpuMsPerSend).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);
});
