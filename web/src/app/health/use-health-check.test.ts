import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { HEALTH_IDLE_MS, HEALTH_INTERVAL_MS, useHealthCheck } from './use-health-check';

const press = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));

describe('useHealthCheck', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks on opening and every 10 minutes, and stops when the page closes', async () => {
    const api = mockFetch(() => new Response('OK'));
    const { unmount } = renderHook(() => useHealthCheck());
    expect(api.callsTo('/health')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_INTERVAL_MS - 1));
    expect(api.callsTo('/health')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.callsTo('/health')).toHaveLength(2);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_INTERVAL_MS * 2));
    expect(api.callsTo('/health')).toHaveLength(2);
  });

  it('checks again on the first interaction after 5 idle minutes, not on busy ones', async () => {
    const api = mockFetch(() => new Response('OK'));
    renderHook(() => useHealthCheck());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    press();
    expect(api.callsTo('/health')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_IDLE_MS));
    press();
    expect(api.callsTo('/health')).toHaveLength(2);
    press();
    expect(api.callsTo('/health')).toHaveLength(2);
  });

  it('only logs a failure: no retry, nothing thrown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockFetch(() => new Response('down', { status: 503 }));
    renderHook(() => useHealthCheck());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.callsTo('/health')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('health_check_failed'));
    warn.mockRestore();
  });
});
