import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

/** The page's view of service workers, as small event targets the test drives. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  startInstalling(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
}

// Fresh module state (the waiting version) for every test. The reset gives the prompt a fresh
// translator too, so its strings are loaded again before it renders, as the app does on start.
async function load() {
  vi.resetModules();
  const { i18nReady } = await import('@/lib/i18n/i18n');
  await i18nReady;
  const updates = await import('@/lib/pwa/service-worker');
  const { UpdatePrompt } = await import('./update-prompt');
  return { ...updates, UpdatePrompt };
}

const asRegistration = (fake: FakeRegistration) => fake as unknown as ServiceWorkerRegistration;
const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer;

describe('UpdatePrompt', () => {
  it('says nothing about a first install, which takes over by itself', async () => {
    const { UpdatePrompt, watchForUpdates } = await load();
    const registration = new FakeRegistration();
    watchForUpdates(asRegistration(registration), asContainer(new FakeContainer(null)), vi.fn());
    render(<UpdatePrompt />);
    act(() => {
      const worker = new FakeWorker();
      registration.startInstalling(worker);
      worker.install();
    });
    expect(screen.queryByText('A new version of the app is available.')).not.toBeInTheDocument();
  });

  it('offers a new version once it has installed, and Reload hands over to it, then reloads', async () => {
    const { UpdatePrompt, watchForUpdates } = await load();
    const registration = new FakeRegistration();
    const container = new FakeContainer({});
    const reload = vi.fn();
    watchForUpdates(asRegistration(registration), asContainer(container), reload);
    render(<UpdatePrompt />);
    const worker = new FakeWorker();
    act(() => registration.startInstalling(worker));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => worker.install());
    expect(screen.getByRole('status')).toHaveTextContent('A new version of the app is available.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith('SKIP_WAITING');
    // Not before the new version controls the page: the old one would serve the reload.
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting, and can be dismissed', async () => {
    const { UpdatePrompt, watchForUpdates } = await load();
    const registration = new FakeRegistration();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    registration.waiting = waiting;
    watchForUpdates(asRegistration(registration), asContainer(new FakeContainer({})), vi.fn());
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version of the app is available.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(waiting.postMessage).not.toHaveBeenCalled();
  });

  it('is never registered under the tests: jsdom has no service workers and the build is not production', async () => {
    const { registerServiceWorker } = await load();
    expect(import.meta.env.PROD).toBe(false);
    expect('serviceWorker' in navigator).toBe(false);
    const addEventListener = vi.spyOn(window, 'addEventListener');
    registerServiceWorker();
    expect(addEventListener).not.toHaveBeenCalledWith('load', expect.anything(), expect.anything());
  });
});
