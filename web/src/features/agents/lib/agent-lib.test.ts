import { describe, expect, it } from 'vitest';
import { agentFixture } from '@/shared/agents/testing/agent-fixtures';
import { bodyFromForm, EMPTY_FORM, formFromAgent, validateAgentForm } from './agent-form';
import { agentCapabilities, builderAvailable } from './builder-visibility';
import { domainOfSpec } from './openapi-domain';
import { modelOptions, providerOptions } from './provider-options';

describe('validateAgentForm', () => {
  const valid = { ...EMPTY_FORM, provider: 'openAI', model: 'gpt-4o' };

  it('needs a provider and a model; the name may stay empty', () => {
    expect(validateAgentForm(EMPTY_FORM)).toEqual({
      provider: 'com_agents_error_provider',
      model: 'com_agents_error_model',
    });
    expect(validateAgentForm(valid)).toEqual({});
  });

  it('refuses a fifth starter and a name over the limit', () => {
    expect(validateAgentForm({ ...valid, conversation_starters: ['a', 'b', 'c', 'd', 'e'] })).toEqual({
      conversation_starters: 'com_agents_error_starters',
    });
    expect(validateAgentForm({ ...valid, conversation_starters: ['a', '', 'c', 'd', ' '] })).toEqual({});
    expect(validateAgentForm({ ...valid, name: 'x'.repeat(257) })).toEqual({ name: 'com_agents_error_name_long' });
  });
});

describe('bodyFromForm / formFromAgent', () => {
  it('clears empty texts and drops blank starters', () => {
    expect(
      bodyFromForm({
        ...EMPTY_FORM,
        name: '  ',
        provider: 'openAI',
        model: ' gpt-4o ',
        conversation_starters: [' Hi ', '', '  '],
        artifacts: 'default',
      }),
    ).toMatchObject({
      name: null,
      description: null,
      instructions: null,
      model: 'gpt-4o',
      conversation_starters: ['Hi'],
      artifacts: 'default',
    });
  });

  it('round-trips an agent, and leaves the editor-only fields empty for the public view', () => {
    const agent = agentFixture({ artifacts: 'default', end_after_tools: true });
    expect(formFromAgent(agent)).toMatchObject({
      instructions: 'Be brief.',
      artifacts: 'default',
      end_after_tools: true,
    });
    const { instructions: _i, artifacts: _a, ...publicView } = agent;
    expect(formFromAgent(publicView)).toMatchObject({ instructions: '', artifacts: '', end_after_tools: false });
  });
});

describe('builderAvailable', () => {
  const startup = { interface: {} };
  const endpoints = { openAI: { order: 0 }, agents: { order: 1, capabilities: ['tools'] } };

  it('needs the agents endpoint and a side panel the config keeps', () => {
    expect(builderAvailable(startup, endpoints)).toBe(true);
    expect(builderAvailable(startup, { openAI: { order: 0 } })).toBe(false);
    expect(builderAvailable({ interface: { sidePanel: false } }, endpoints)).toBe(false);
    expect(builderAvailable(undefined, endpoints)).toBe(false);
  });

  it('is off when the agents endpoint disables the builder', () => {
    const disabled = { agents: { order: 1, disableBuilder: true } } as Parameters<typeof builderAvailable>[1];
    expect(builderAvailable(startup, disabled)).toBe(false);
    expect(agentCapabilities(endpoints)).toEqual(['tools']);
    expect(agentCapabilities(undefined)).toEqual([]);
  });
});

describe('providerOptions / modelOptions', () => {
  it('lists model providers in the server order, not agents or assistants', () => {
    expect(
      providerOptions({
        agents: { order: 0 },
        anthropic: { order: 2 },
        openAI: { order: 1 },
        assistants: { order: 3 },
      }),
    ).toEqual(['openAI', 'anthropic']);
  });

  it("keeps the agent's model when the provider no longer lists it", () => {
    expect(modelOptions({ openAI: ['a', 'b'] }, 'openAI', 'old')).toEqual(['old', 'a', 'b']);
    expect(modelOptions({ openAI: ['a', 'b'] }, 'openAI', 'a')).toEqual(['a', 'b']);
    expect(modelOptions(undefined, '', '')).toEqual([]);
  });
});

describe('domainOfSpec', () => {
  it("reads the first server's host from JSON or YAML", () => {
    expect(domainOfSpec('{"servers":[{"url":"https://api.example.com/v1"}]}')).toBe('api.example.com');
    expect(domainOfSpec('openapi: 3.1.0\nservers:\n  - url: https://yaml.example.org\n')).toBe('yaml.example.org');
    expect(domainOfSpec('{"servers":[]}')).toBeNull();
    expect(domainOfSpec('')).toBeNull();
  });
});
