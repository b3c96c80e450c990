import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastOptions } from '@/components/ui/toast-context';
import { createErrorToaster } from './error-toasts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upload error toasts', () => {
  it('merges errors arriving within 250 ms of each other into one bulleted 5 s toast', () => {
    const show = vi.fn<(toast: ToastOptions) => void>();
    const toaster = createErrorToaster(show);
    toaster.report('File size exceeds 5 MB.');
    vi.advanceTimersByTime(200);
    toaster.report('Currently, unsupported file type: video/mp4');
    vi.advanceTimersByTime(249);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith({
      message: '• File size exceeds 5 MB.\n• Currently, unsupported file type: video/mp4',
      severity: 'error',
      durationMs: 5_000,
    });
  });

  it('shows a single error as it is, and the same error only once', () => {
    const show = vi.fn<(toast: ToastOptions) => void>();
    const toaster = createErrorToaster(show);
    toaster.report('The upload was canceled.');
    toaster.report('The upload was canceled.');
    vi.advanceTimersByTime(250);
    expect(show).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'The upload was canceled.' }));
  });
});
