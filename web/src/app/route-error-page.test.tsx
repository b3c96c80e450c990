import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { getBrowserInfo } from '@/components/errors/error-log';
import { RouteErrorPage } from '@/components/errors/route-error-page';

/** jsdom's Blob has no text(); FileReader reads it the way older browsers would. */
const readBlob = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    if (!blob) return reject(new Error('nothing was downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

function Boom(): never {
  const error = new Error('Kaboom in the chat');
  error.stack = 'Error: Kaboom in the chat\n    at Boom (chat.tsx:1:1)\n    at render (react-dom.js:2:2)';
  throw error;
}

const renderFailingRoute = (route: { Component?: () => never; loader?: () => never }) => {
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteErrorPage />, ...route }]);
  return render(<RouterProvider router={router} />);
};

describe('RouteErrorPage', () => {
  beforeEach(() => {
    // Rendering errors are reported to the console by React; keep the output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('is the error element of the root route', () => {
    expect(appRoutes[0]?.errorElement).toBeTruthy();
  });

  it('shows the message and the stack trace of a thrown error', () => {
    renderFailingRoute({ Component: Boom });
    expect(screen.getByRole('heading', { name: 'Oops! Something Unexpected Occurred' })).toBeInTheDocument();
    expect(screen.getByTestId('error-message')).toHaveTextContent('Kaboom in the chat');
    expect(screen.getByTestId('stack-trace')).toHaveTextContent('at Boom (chat.tsx:1:1)');
    expect(screen.getByTestId('stack-trace')).toHaveTextContent('at render (react-dom.js:2:2)');
    for (const tip of [
      'Refresh the page',
      'Clear your browser cache',
      'Check your internet connection',
      'Contact the Admin if the issue persists',
    ]) {
      expect(screen.getByText(tip)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
  });

  it('shows the status and details of a route error response', async () => {
    renderFailingRoute({
      loader: () => {
        throw data(
          { message: 'Conversation not found', conversationId: 'c1' },
          { status: 404, statusText: 'Not Found' },
        );
      },
    });
    expect(await screen.findByTestId('error-status')).toHaveTextContent('404 Not Found');
    expect(screen.getByTestId('error-message')).toHaveTextContent('Conversation not found');
    expect(screen.getByText('Additional Details')).toBeInTheDocument();
  });

  it('copies the stack trace and confirms for 3 seconds', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    renderFailingRoute({ Component: Boom });
    const copyButton = () => screen.getByRole('button', { name: 'Copy stack trace' });

    fireEvent.click(copyButton());
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('at Boom (chat.tsx:1:1)'));
    expect(copyButton()).toHaveTextContent('Copied!');

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(copyButton()).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(copyButton()).toHaveTextContent(/^Copy$/);
  });

  it('downloads a JSON error log with timestamp, browser info and the error', async () => {
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:error-log';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^error-log-.*\.json$/);
      expect(this.href).toBe('blob:error-log');
    });
    const user = userEvent.setup();
    renderFailingRoute({ Component: Boom });

    await user.click(screen.getByRole('button', { name: 'Download error logs' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved?.type).toBe('application/json');
    const log: unknown = JSON.parse(await readBlob(saved));
    expect(log).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      browser: {
        userAgent: navigator.userAgent,
        platform: expect.any(String),
        platformVersion: null,
        language: navigator.language,
        windowSize: `${window.innerWidth}x${window.innerHeight}`,
      },
      error: expect.objectContaining({ message: 'Kaboom in the chat', stack: expect.stringContaining('at Boom') }),
    });
  });

  it('reports the platform version from userAgentData when the browser has it', async () => {
    Object.defineProperty(navigator, 'userAgentData', {
      configurable: true,
      value: {
        platform: 'macOS',
        getHighEntropyValues: async () => ({ platform: 'macOS', platformVersion: '14.5.0' }),
      },
    });
    try {
      await expect(getBrowserInfo()).resolves.toMatchObject({ platform: 'macOS', platformVersion: '14.5.0' });
    } finally {
      Reflect.deleteProperty(navigator, 'userAgentData');
    }
  });
});
