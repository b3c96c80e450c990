import { describe, expect, it } from 'vitest';
import { authHost, DEFAULT_TOOL_PROGRESS, effectiveProgress, toolCallState } from './tool-call-state';

const state = (input: Partial<Parameters<typeof toolCallState>[0]>) =>
  toolCallState({ progress: null, output: null, auth: null, isActive: true, ...input });

describe('toolCallState', () => {
  it('is in progress below 1 while the reply is being generated', () => {
    expect(state({ progress: 0.1 })).toBe('in_progress');
    expect(state({ progress: 0.99 })).toBe('in_progress');
    expect(state({})).toBe('in_progress');
  });

  it('is finished at 1', () => {
    expect(state({ progress: 1, output: 'done' })).toBe('finished');
    expect(state({ progress: 1, isActive: false })).toBe('finished');
  });

  it('is an error at progress 2 or more', () => {
    expect(state({ progress: 2 })).toBe('error');
    expect(state({ progress: 3, isActive: false })).toBe('error');
  });

  it('is an error when the output says the tool failed, whatever the progress', () => {
    expect(state({ progress: 1, output: 'Error processing tool web_search: timeout' })).toBe('error');
    expect(state({ progress: 0.5, output: 'error processing tool' })).toBe('error');
  });

  it('has failed when the reply stopped before the call reached 1', () => {
    expect(state({ progress: 0.5, isActive: false })).toBe('failed');
    expect(state({ isActive: false })).toBe('failed');
  });

  it('waits for a sign-in while active with an auth URL', () => {
    expect(state({ progress: 0.1, auth: 'https://accounts.example.com/oauth' })).toBe('auth_required');
    expect(state({ progress: 0.1, auth: 'https://accounts.example.com/oauth', isActive: false })).toBe('failed');
    expect(state({ progress: 1, auth: 'https://accounts.example.com/oauth' })).toBe('finished');
  });

  it('counts a stored call with an output but no progress as finished', () => {
    expect(effectiveProgress(null, 'result')).toBe(1);
    expect(effectiveProgress(null, null)).toBe(DEFAULT_TOOL_PROGRESS);
    expect(state({ output: 'result', isActive: false })).toBe('finished');
  });
});

describe('authHost', () => {
  it('is the hostname of the sign-in URL', () => {
    expect(authHost('https://login.example.com:8443/authorize?x=1')).toBe('login.example.com');
  });

  it('refuses what is not a web URL', () => {
    expect(authHost('javascript:alert(1)')).toBeNull();
    expect(authHost('not a url')).toBeNull();
  });
});
