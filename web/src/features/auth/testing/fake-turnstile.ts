import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { TurnstileApi, TurnstileRenderOptions } from '../utils/turnstile-script';

interface FakeWidget {
  container: HTMLElement;
  options: TurnstileRenderOptions;
}

/**
 * A stand-in for `window.turnstile` (Cloudflare's script cannot load in jsdom): it records what
 * the app renders, resets, executes and removes, and lets a test play the visitor (solve, let the
 * token expire, fail). `execute` solves with `executeToken` on the next tick, as Turnstile would
 * after its challenge. The global is removed after each test (vitest's unstubGlobals).
 */
export function installFakeTurnstile({ executeToken = 'invisible-token' } = {}) {
  const widgets = new Map<string, FakeWidget>();
  let created = 0;
  const api = {
    render: vi.fn<TurnstileApi['render']>((container, options) => {
      const id = `widget-${++created}`;
      widgets.set(id, { container, options });
      return id;
    }),
    reset: vi.fn<TurnstileApi['reset']>(),
    execute: vi.fn<TurnstileApi['execute']>((id) => {
      setTimeout(() => widgets.get(id)?.options.callback(executeToken), 0);
    }),
    remove: vi.fn<TurnstileApi['remove']>((id) => {
      widgets.delete(id);
    }),
  } satisfies TurnstileApi;
  vi.stubGlobal('turnstile', api);

  const current = (): FakeWidget => {
    const last = [...widgets.values()].at(-1);
    if (!last) throw new Error('no Turnstile widget is rendered');
    return last;
  };
  return {
    api,
    /** The options of the widget on the page. */
    options: () => current().options,
    /** How many widgets are on the page now. */
    count: () => widgets.size,
    solve: (token: string) => act(() => current().options.callback(token)),
    expire: () => act(() => current().options['expired-callback']()),
    fail: () => act(() => void current().options['error-callback']('600010')),
  };
}
