import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnstileConfig } from '@contract/config';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { mockSystemTheme } from '@/testing/match-media-mock';
import { installFakeTurnstile } from '../testing/fake-turnstile';
import { TURNSTILE_SCRIPT_URL } from '../utils/turnstile-script';
import { type TurnstileControls, TurnstileWidget } from './turnstile-widget';

const SITE_KEY = '1x00000000000000000000AA';

function renderWidget(config: TurnstileConfig, { prefersLight = false } = {}) {
  const system = mockSystemTheme({ prefersLight });
  const onToken = vi.fn<(token: string | null) => void>();
  const onReady = vi.fn<(ready: boolean) => void>();
  const controls = createRef<TurnstileControls | null>();
  const view = render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider>
        <TurnstileWidget config={config} onToken={onToken} onReady={onReady} controls={controls} />
      </ThemeProvider>
    </I18nProvider>,
  );
  return { ...view, onToken, onReady, controls, system };
}

const scriptTags = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === TURNSTILE_SCRIPT_URL);

afterEach(() => {
  for (const script of scriptTags()) script.remove();
  localStorage.clear();
});

describe('TurnstileWidget', () => {
  it('renders the configured site key, size and language in the painted theme, and reports tokens', async () => {
    const turnstile = installFakeTurnstile();
    const { onToken, onReady } = renderWidget({ siteKey: SITE_KEY, options: { language: 'de', size: 'compact' } });
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    expect(turnstile.options()).toMatchObject({ sitekey: SITE_KEY, size: 'compact', language: 'de', theme: 'dark' });
    expect(turnstile.options()).not.toHaveProperty('execution');
    expect(onReady).toHaveBeenLastCalledWith(true);

    turnstile.solve('token-1');
    expect(onToken).toHaveBeenLastCalledWith('token-1');
    turnstile.expire();
    expect(onToken).toHaveBeenLastCalledWith(null);
  });

  it('defaults to the normal size and the browser’s language, in the light theme when that is painted', async () => {
    const turnstile = installFakeTurnstile();
    renderWidget({ siteKey: SITE_KEY }, { prefersLight: true });
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    expect(turnstile.options()).toMatchObject({ size: 'normal', language: 'auto', theme: 'light' });
  });

  it('renders an invisible widget that runs only when executed', async () => {
    const turnstile = installFakeTurnstile({ executeToken: 'from-execute' });
    const { controls, onToken } = renderWidget({ siteKey: SITE_KEY, options: { language: 'auto', size: 'invisible' } });
    await waitFor(() => expect(controls.current).not.toBeNull());
    expect(turnstile.options()).toMatchObject({ execution: 'execute', appearance: 'interaction-only' });
    expect(turnstile.options()).not.toHaveProperty('size');
    act(() => controls.current?.execute());
    expect(turnstile.api.execute).toHaveBeenCalledWith('widget-1');
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('from-execute'));
  });

  it('renders again in the new theme when the app’s theme changes, and removes the old widget', async () => {
    const turnstile = installFakeTurnstile();
    const { system } = renderWidget({ siteKey: SITE_KEY });
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    act(() => system.setPrefersLight(true));
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(2));
    expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1');
    expect(turnstile.options().theme).toBe('light');
    expect(turnstile.count()).toBe(1);
  });

  it('resets through its controls and removes itself on unmount', async () => {
    const turnstile = installFakeTurnstile();
    const { controls, unmount, onToken } = renderWidget({ siteKey: SITE_KEY });
    await waitFor(() => expect(controls.current).not.toBeNull());
    act(() => controls.current?.reset());
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1');
    unmount();
    expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1');
    expect(controls.current).toBeNull();
    expect(onToken).toHaveBeenLastCalledWith(null);
  });

  it('says so when the challenge fails, and clears it once a token arrives', async () => {
    const turnstile = installFakeTurnstile();
    const { onToken } = renderWidget({ siteKey: SITE_KEY });
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalled());
    turnstile.fail();
    expect(screen.getByRole('alert')).toHaveTextContent('The human check ran into a problem');
    expect(onToken).toHaveBeenLastCalledWith(null);
    turnstile.solve('second-try');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds Cloudflare’s script once, and renders when it has loaded', async () => {
    const { onReady } = renderWidget({ siteKey: SITE_KEY });
    expect(scriptTags()).toHaveLength(1);
    const turnstile = installFakeTurnstile();
    act(() => {
      scriptTags()[0]?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    expect(onReady).toHaveBeenLastCalledWith(true);
  });

  it('tells the visitor when the script cannot load', async () => {
    renderWidget({ siteKey: SITE_KEY });
    act(() => {
      scriptTags()[0]?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The human check could not load');
    expect(scriptTags()).toHaveLength(0);
  });
});
