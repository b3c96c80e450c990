import { describe, expect, it } from 'vitest';
import { replySender } from './reply-sender';

describe('replySender (the streaming reply’s name, as the server will save it)', () => {
  it('prefers the conversation’s own label', () => {
    expect(replySender({ endpoint: 'openAI', model: 'gpt-4o', modelLabel: ' Tutor ' })).toBe('Tutor');
  });

  it('names a custom endpoint’s reply by its modelDisplayLabel, unless the model has a known name', () => {
    expect(replySender({ endpoint: 'Mock', endpointType: 'custom', model: 'mock-fast' }, 'Mock')).toBe('Mock');
    expect(replySender({ endpoint: 'Mock', endpointType: 'custom', model: 'mock-fast' })).toBe('AI');
    expect(replySender({ endpoint: 'Router', endpointType: 'custom', model: 'openai/gpt-4o-mini' }, 'Router')).toBe(
      'GPT-4o',
    );
  });

  it('names an agent’s reply after the agent, as the server saves it', () => {
    expect(replySender({ endpoint: 'agents', model: 'mock-fast' }, 'Pet Desk')).toBe('Pet Desk');
    expect(replySender({ endpoint: 'agents', model: 'mock-fast' }, ' ')).toBe('agents');
  });

  it('uses the provider’s name for built-in endpoints', () => {
    expect(replySender({ endpoint: 'anthropic', model: 'claude-3-5-sonnet-latest' })).toBe('Claude');
    expect(replySender({ endpoint: 'google', model: 'gemini-1.5-flash-latest' })).toBe('Gemini');
    expect(replySender({ endpoint: 'openAI', model: 'o3-mini' })).toBe('O3');
  });
});
