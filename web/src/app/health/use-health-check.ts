import { useEffect } from 'react';

/** How often the chat page asks whether the server is up. */
export const HEALTH_INTERVAL_MS = 10 * 60_000;
/** After this long without a click or key press, the next one checks again at once. */
export const HEALTH_IDLE_MS = 5 * 60_000;

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** A failed check is only logged: nothing is retried and the user is not interrupted. */
async function checkHealth(): Promise<void> {
  try {
    const response = await fetch('/health', { cache: 'no-store', credentials: 'omit' });
    if (!response.ok) logUnhealthy(`status ${response.status}`);
  } catch (error) {
    logUnhealthy(error instanceof Error ? error.message : String(error));
  }
}

function logUnhealthy(reason: string): void {
  console.warn(JSON.stringify({ level: 'warn', event: 'health_check_failed', reason }));
}

/**
 * Checks `/health` when the chat page opens and every 10 minutes while it stays open, and again
 * on the first interaction after 5 idle minutes (a laptop waking up, a tab coming back), so a
 * server that went away shows in the logs before the user's next send fails.
 */
export function useHealthCheck(): void {
  useEffect(() => {
    let lastInteraction = Date.now();
    void checkHealth();
    const timer = window.setInterval(() => void checkHealth(), HEALTH_INTERVAL_MS);
    const onInteraction = () => {
      const now = Date.now();
      if (now - lastInteraction >= HEALTH_IDLE_MS) void checkHealth();
      lastInteraction = now;
    };
    for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { passive: true, capture: true });
    return () => {
      window.clearInterval(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
    };
  }, []);
}
