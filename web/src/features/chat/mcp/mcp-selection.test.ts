import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptMcpSelection, mcpSelectionOf, useMcpSelection } from './mcp-selection';

afterEach(() => {
  for (const id of ['new', 'c1', 'c2']) {
    const { result } = renderHook(() => useMcpSelection(id));
    act(() => result.current[1]([]));
  }
  window.localStorage.clear();
});

describe('the MCP servers a conversation turned on', () => {
  it('are kept per conversation, in this browser', () => {
    const { result } = renderHook(() => useMcpSelection('c1'));
    act(() => result.current[1](['local', 'web']));
    expect(result.current[0]).toEqual(['local', 'web']);
    expect(JSON.parse(window.localStorage.getItem('mcpServers:c1') ?? 'null')).toEqual(['local', 'web']);
    expect(mcpSelectionOf('c2')).toEqual([]);
  });

  it('move from a new chat to the conversation the server names, and leave the next new chat empty', () => {
    const { result } = renderHook(() => useMcpSelection('new'));
    act(() => result.current[1](['local']));
    act(() => adoptMcpSelection('c2'));
    expect(mcpSelectionOf('c2')).toEqual(['local']);
    expect(result.current[0]).toEqual([]);
  });

  it('does not replace what a conversation already chose', () => {
    const first = renderHook(() => useMcpSelection('c1'));
    act(() => first.result.current[1](['web']));
    const fresh = renderHook(() => useMcpSelection('new'));
    act(() => fresh.result.current[1](['local']));
    act(() => adoptMcpSelection('c1'));
    expect(mcpSelectionOf('c1')).toEqual(['web']);
  });
});
