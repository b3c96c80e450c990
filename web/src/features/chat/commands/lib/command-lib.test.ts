import { describe, expect, it } from 'vitest';
import { agentFixture } from '@/shared/agents/testing/agent-fixtures';
import { summarizeAgent } from '@/shared/agents/agent-summary';
import { endpointsFixture, modelsFixture, specFixture } from '@/testing/chat-setup-fixtures';
import { endpointOptions } from '../../setup/lib/endpoint-options';
import type { SetupSources } from '../../setup/lib/initial-setup';
import { mentionTrigger, showsCommandList, slashTrigger } from './command-trigger';
import { mentionChange, type MentionTarget } from './mention-options';
import { hasPromptVariables } from './prompt-options';

const endpoints = { ...endpointsFixture, agents: { order: 1 } };
const sources: SetupSources = { specs: [specFixture()], endpoints, models: modelsFixture };
const option = (name: string) => {
  const found = endpointOptions(endpoints).find((endpoint) => endpoint.name === name);
  if (!found) throw new Error(name);
  return found;
};
const agent = summarizeAgent(agentFixture());

describe('command triggers', () => {
  it('finds / first in the message only, on one line', () => {
    expect(slashTrigger('/sum')).toEqual({ start: 0, query: 'sum' });
    expect(slashTrigger('a/b')).toBeNull();
    expect(slashTrigger('/sum\nmore')).toBeNull();
  });

  it('finds the last @ at the start or after a space, never inside a word', () => {
    expect(mentionTrigger('@gpt')).toEqual({ start: 0, query: 'gpt' });
    expect(mentionTrigger('hi @a @cla')).toEqual({ start: 6, query: 'cla' });
    expect(mentionTrigger('ada@example.com')).toBeNull();
    expect(mentionTrigger('@gpt\nhello')).toBeNull();
    expect(mentionTrigger('no command')).toBeNull();
  });

  it('keeps a list up past a space only while something matches', () => {
    expect(showsCommandList('zzz', 0)).toBe(true);
    expect(showsCommandList('at 5pm', 0)).toBe(false);
    expect(showsCommandList('my preset', 1)).toBe(true);
  });

  it('recognises {{variables}}', () => {
    expect(hasPromptVariables('Hello {{name}}')).toBe(true);
    expect(hasPromptVariables('Pick {{tone:a|b}}')).toBe(true);
    expect(hasPromptVariables('Plain {text} and {{}}')).toBe(false);
  });
});

describe('what an @ choice does to the setup', () => {
  const change = (target: MentionTarget, setup = {}) =>
    mentionChange(target, setup, sources, { google: 'gemini-1.5-pro' });

  it('starts over on another endpoint with the model last used there, keeping a temporary chat temporary', () => {
    expect(change({ kind: 'endpoint', endpoint: option('google') }, { endpoint: 'openAI', isTemporary: true })).toEqual(
      {
        replace: { endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro', isTemporary: true },
      },
    );
    expect(change({ kind: 'endpoint', endpoint: option('openAI') }, { endpoint: 'openAI' })).toBeNull();
  });

  it('merges a model of the current endpoint and leaves any spec; another endpoint’s model switches endpoint', () => {
    const setup = { endpoint: 'anthropic', model: 'claude-3-5-sonnet-latest', spec: 'writer', temperature: 0.3 };
    expect(change({ kind: 'model', endpoint: option('anthropic'), model: 'claude-3-haiku-20240307' }, setup)).toEqual({
      update: { model: 'claude-3-haiku-20240307', spec: null },
    });
    expect(
      change({ kind: 'model', endpoint: option('anthropic'), model: 'claude-3-5-sonnet-latest' }, setup),
    ).toBeNull();
    expect(change({ kind: 'model', endpoint: option('openAI'), model: 'o3-mini' }, setup)).toEqual({
      replace: { endpoint: 'openAI', endpointType: 'openAI', model: 'o3-mini' },
    });
  });

  it('applies a spec by name, and picks an agent on the agents endpoint', () => {
    expect(change({ kind: 'spec', spec: specFixture() }, { endpoint: 'openAI' })).toEqual({
      replace: {
        endpoint: 'anthropic',
        endpointType: 'anthropic',
        model: 'claude-3-5-sonnet-latest',
        temperature: 0.3,
        spec: 'writer',
      },
    });
    expect(change({ kind: 'agent', agent }, { endpoint: 'openAI', isTemporary: true })).toEqual({
      replace: { endpoint: 'agents', endpointType: 'agents', agent_id: agent.id, isTemporary: true },
    });
    expect(change({ kind: 'agent', agent }, { endpoint: 'agents', agent_id: 'other' })).toEqual({
      update: { agent_id: agent.id },
    });
    expect(change({ kind: 'agent', agent }, { endpoint: 'agents', agent_id: agent.id })).toBeNull();
  });
});
