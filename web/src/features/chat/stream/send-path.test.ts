import { describe, expect, it } from 'vitest';
import type { SendMode } from '@/shared/conversation/types';
import { abortPath, resumePath, sendPath, UNKNOWN_ENDPOINT } from './send-path';

const path = (mode: SendMode, endpoint: string | null, endpointType?: string) =>
  sendPath({ mode, setup: { endpoint, endpointType } });

describe('sendPath', () => {
  it.each(['openAI', 'azureOpenAI', 'google', 'anthropic', 'gptPlugins', 'chatGPTBrowser'])(
    'names the built-in endpoint %s in the ask path',
    (endpoint) => {
      expect(path('normal', endpoint)).toBe(`/api/ask/${endpoint}`);
      expect(path('regenerate', endpoint)).toBe(`/api/ask/${endpoint}`);
    },
  );

  it.each<SendMode>(['edit', 'continue'])('posts %s to the edit path', (mode) => {
    expect(path(mode, 'anthropic')).toBe('/api/edit/anthropic');
  });

  it('posts custom endpoints to /custom, whatever their name, and their edits to /edit/custom', () => {
    expect(path('normal', 'Mistral', 'custom')).toBe('/api/ask/custom');
    expect(path('regenerate', 'OpenRouter', 'custom')).toBe('/api/ask/custom');
    expect(path('continue', 'Mistral', 'custom')).toBe('/api/edit/custom');
    // The type may be missing from an old setup: a name that is no built-in one is custom.
    expect(path('normal', 'groq')).toBe('/api/ask/custom');
  });

  it('posts every Bedrock send, edits included, to /api/bedrock/chat', () => {
    expect(path('normal', 'bedrock')).toBe('/api/bedrock/chat');
    expect(path('edit', 'bedrock')).toBe('/api/bedrock/chat');
    expect(path('continue', 'bedrock')).toBe('/api/bedrock/chat');
  });

  it('follows the wire protocol for agents and assistants', () => {
    expect(path('normal', 'agents')).toBe('/api/agents/chat');
    expect(path('normal', 'assistants')).toBe('/api/assistants/v2/chat');
    expect(path('edit', 'assistants')).toBe('/api/assistants/v2/chat/modify');
    expect(path('normal', 'azureAssistants')).toBe('/api/assistants/v1/chat');
  });

  it('posts a chat with MCP servers on to the agents endpoint, named after its own, edits included', () => {
    const ephemeralAgent = { mcp: ['local'] };
    expect(sendPath({ mode: 'normal', setup: { endpoint: 'openAI' }, ephemeralAgent })).toBe('/api/agents/chat/openAI');
    expect(sendPath({ mode: 'continue', setup: { endpoint: 'openAI' }, ephemeralAgent })).toBe(
      '/api/agents/chat/openAI',
    );
    expect(sendPath({ mode: 'normal', setup: { endpoint: 'My Models', endpointType: 'custom' }, ephemeralAgent })).toBe(
      '/api/agents/chat/My%20Models',
    );
    expect(abortPath('/api/agents/chat/openAI')).toBe('/api/agents/chat/openAI/abort');
    // No server on, or a saved agent: the usual paths.
    expect(sendPath({ mode: 'normal', setup: { endpoint: 'openAI' }, ephemeralAgent: { mcp: [] } })).toBe(
      '/api/ask/openAI',
    );
    expect(sendPath({ mode: 'normal', setup: { endpoint: 'agents' }, ephemeralAgent })).toBe('/api/agents/chat');
  });

  it('posts a chat with web search on to the agents endpoint too', () => {
    const webSearch = { mcp: [], web_search: true };
    expect(sendPath({ mode: 'normal', setup: { endpoint: 'openAI' }, ephemeralAgent: webSearch })).toBe(
      '/api/agents/chat/openAI',
    );
    expect(
      sendPath({ mode: 'normal', setup: { endpoint: 'openAI' }, ephemeralAgent: { mcp: [], web_search: false } }),
    ).toBe('/api/ask/openAI');
  });

  it("throws LibreChat's message when there is no endpoint", () => {
    expect(() => path('normal', null)).toThrow(UNKNOWN_ENDPOINT);
    expect(() => path('normal', '')).toThrow(UNKNOWN_ENDPOINT);
  });

  it('aborts at the send path plus /abort and resumes at /api/ask/stream/{id}', () => {
    expect(abortPath('/api/edit/custom')).toBe('/api/edit/custom/abort');
    expect(resumePath('c 1')).toBe('/api/ask/stream/c%201');
  });
});
