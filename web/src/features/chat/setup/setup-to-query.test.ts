import { describe, expect, it } from 'vitest';
import { CHAT_QUERY_TUNING_PARAMS } from '@contract/chat-query';
import { endpointsFixture, specFixture } from '@/testing/chat-setup-fixtures';
import { EPHEMERAL_AGENT_ID, parseQueryValue, parseSetupQuery, setupToQuery } from './setup-to-query';

const query = (params: URLSearchParams) => Object.fromEntries(params);

describe('setupToQuery (what a new conversation writes into its address)', () => {
  it('writes only the spec when one is chosen', () => {
    expect(
      query(
        setupToQuery({
          spec: 'writer',
          endpoint: 'anthropic',
          model: 'claude-3-5-sonnet-latest',
          temperature: 0.3,
          agent_id: 'a1',
        }),
      ),
    ).toEqual({
      spec: 'writer',
    });
  });

  it('writes only the agent for a saved agent', () => {
    expect(query(setupToQuery({ endpoint: 'agents', agent_id: 'agent_1', model: 'gpt-4o', temperature: 1 }))).toEqual({
      agent_id: 'agent_1',
    });
  });

  it('never writes an ephemeral agent: the endpoint, model and parameters instead', () => {
    expect(
      query(setupToQuery({ endpoint: 'openAI', agent_id: EPHEMERAL_AGENT_ID, model: 'gpt-4o', temperature: 0.5 })),
    ).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: '0.5',
    });
  });

  it('writes only the assistant for an assistant', () => {
    expect(query(setupToQuery({ endpoint: 'assistants', assistant_id: 'asst_1', model: 'gpt-4o' }))).toEqual({
      assistant_id: 'asst_1',
    });
  });

  it('otherwise writes endpoint, model and every tuning parameter that is set', () => {
    const params = setupToQuery({
      endpoint: 'anthropic',
      endpointType: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
      temperature: 0.7,
      presence_penalty: 0,
      frequency_penalty: 1.5,
      stop: ['Human:', 'END'],
      top_p: 0.9,
      max_tokens: 500,
      topP: 0.8,
      topK: 5,
      maxOutputTokens: 8192,
      promptCache: false,
      region: 'us-east-1',
      maxTokens: 1000,
      promptPrefix: 'Be brief',
      thinking: true,
      isTemporary: true,
    });
    expect(query(params)).toEqual({
      endpoint: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
      temperature: '0.7',
      presence_penalty: '0',
      frequency_penalty: '1.5',
      stop: 'Human:,END',
      top_p: '0.9',
      max_tokens: '500',
      topP: '0.8',
      topK: '5',
      maxOutputTokens: '8192',
      promptCache: 'false',
      region: 'us-east-1',
      maxTokens: '1000',
    });
    expect([...params.keys()]).toEqual(['endpoint', 'model', ...CHAT_QUERY_TUNING_PARAMS]);
  });

  it('leaves out unset, null and blank values', () => {
    expect(
      query(
        setupToQuery({ endpoint: 'openAI', model: null, temperature: undefined, region: '', stop: [], spec: null }),
      ),
    ).toEqual({ endpoint: 'openAI' });
  });

  it('leaves out stop sequences that a comma list cannot carry', () => {
    expect(query(setupToQuery({ endpoint: 'openAI', stop: ['a,b', 'c'] }))).toEqual({ endpoint: 'openAI' });
  });

  it('is empty for an empty setup', () => {
    expect(setupToQuery({}).toString()).toBe('');
  });

  it('round-trips through parseSetupQuery', () => {
    const setup = {
      endpoint: 'google',
      model: 'gemini-1.5-pro',
      temperature: 0.4,
      topK: 20,
      maxOutputTokens: 2048,
      stop: ['###'],
    };
    expect(parseSetupQuery(setupToQuery(setup), { endpoints: endpointsFixture })).toEqual({
      patch: { ...setup, endpointType: 'google' },
      warnings: [],
    });
  });
});

describe('parseQueryValue', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['0', 0],
    ['0.7', 0.7],
    ['-2', -2],
    ['1e3', 1000],
    ['True', 'True'],
    ['gpt-4o', 'gpt-4o'],
    ['', ''],
    ['NaN', 'NaN'],
  ])('reads %j as %j', (raw, expected) => expect(parseQueryValue(raw)).toBe(expected));
});

describe('parseSetupQuery (what an address asks for)', () => {
  const context = { endpoints: endpointsFixture, modelSpecs: [specFixture()] };

  it('applies endpoint, model and parameters, typed', () => {
    expect(parseSetupQuery('endpoint=openAI&model=gpt-4o&temperature=0.5&top_p=1&max_tokens=200', context)).toEqual({
      patch: {
        endpoint: 'openAI',
        endpointType: 'openAI',
        model: 'gpt-4o',
        temperature: 0.5,
        top_p: 1,
        max_tokens: 200,
      },
      warnings: [],
    });
  });

  it('marks a custom endpoint as custom', () => {
    expect(parseSetupQuery('endpoint=OpenRouter', context).patch).toEqual({
      endpoint: 'OpenRouter',
      endpointType: 'custom',
    });
  });

  it('reads booleans', () => {
    expect(parseSetupQuery('endpoint=anthropic&promptCache=false&thinking=true', context).patch).toMatchObject({
      promptCache: false,
      thinking: true,
    });
  });

  it('accepts a number-looking text for a text setting (model "1106", agent ids of digits)', () => {
    expect(parseSetupQuery('model=1106&agent_id=42', context).patch).toEqual({ model: '1106', agent_id: '42' });
  });

  it('reads an agent link as that agent on the agents endpoint, when the server offers agents', () => {
    const withAgents = { ...context, endpoints: { ...endpointsFixture, agents: { order: 1 } } };
    expect(parseSetupQuery('agent_id=agent_abc', withAgents).patch).toEqual({
      endpoint: 'agents',
      endpointType: 'agents',
      agent_id: 'agent_abc',
    });
    // Named with another endpoint, or an ephemeral agent, it stays where the address says.
    expect(parseSetupQuery('endpoint=openAI&agent_id=agent_abc', withAgents).patch.endpoint).toBe('openAI');
    expect(parseSetupQuery('agent_id=ephemeral', withAgents).patch.endpoint).toBeUndefined();
  });

  it('reads stop as a comma list, keeping spaces and dropping empty entries', () => {
    expect(parseSetupQuery('stop=%23%23%23, User:,,END', context).patch).toEqual({ stop: ['###', ' User:', 'END'] });
  });

  it('skips more than four stop sequences with a warning', () => {
    expect(parseSetupQuery('stop=a,b,c,d,e', context)).toEqual({
      patch: {},
      warnings: [{ param: 'stop', value: 'a,b,c,d,e', reason: 'invalid' }],
    });
  });

  it('skips values the option schema refuses, with a warning each', () => {
    const result = parseSetupQuery(
      'endpoint=openAI&temperature=hot&promptCache=maybe&imageDetail=ultra&reasoning_effort=max&model=gpt-4o',
      context,
    );
    expect(result.patch).toEqual({ endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o' });
    expect(result.warnings).toEqual([
      { param: 'temperature', value: 'hot', reason: 'invalid' },
      { param: 'promptCache', value: 'maybe', reason: 'invalid' },
      { param: 'imageDetail', value: 'ultra', reason: 'invalid' },
      { param: 'reasoning_effort', value: 'max', reason: 'invalid' },
    ]);
  });

  it('accepts enum settings by name', () => {
    expect(parseSetupQuery('imageDetail=high&reasoning_effort=low', context).patch).toEqual({
      imageDetail: 'high',
      reasoning_effort: 'low',
    });
  });

  it("checks numbers against the endpoint's ranges, not someone else's", () => {
    // 1.5 is a valid OpenAI temperature but above Anthropic's maximum of 1.
    expect(parseSetupQuery('endpoint=openAI&temperature=1.5', context).warnings).toEqual([]);
    expect(parseSetupQuery('endpoint=anthropic&temperature=1.5', context)).toEqual({
      patch: { endpoint: 'anthropic', endpointType: 'anthropic' },
      warnings: [{ param: 'temperature', value: '1.5', reason: 'out_of_range' }],
    });
    expect(parseSetupQuery('endpoint=google&topK=41', context).warnings).toEqual([
      { param: 'topK', value: '41', reason: 'out_of_range' },
    ]);
    expect(parseSetupQuery('endpoint=google&maxOutputTokens=0', context).warnings).toEqual([
      { param: 'maxOutputTokens', value: '0', reason: 'out_of_range' },
    ]);
  });

  it('applies the model-dependent limits (legacy Anthropic output cap)', () => {
    expect(
      parseSetupQuery('endpoint=anthropic&model=claude-3-haiku-20240307&maxOutputTokens=8000', context).warnings,
    ).toEqual([{ param: 'maxOutputTokens', value: '8000', reason: 'out_of_range' }]);
    expect(
      parseSetupQuery('endpoint=anthropic&model=claude-3-5-sonnet-latest&maxOutputTokens=8000', context).warnings,
    ).toEqual([]);
  });

  it('uses the current endpoint for ranges when the address names none', () => {
    const current = { endpoint: 'anthropic', endpointType: 'anthropic', model: 'claude-3-5-sonnet-latest' };
    expect(parseSetupQuery('temperature=1.5', { ...context, current }).warnings).toEqual([
      { param: 'temperature', value: '1.5', reason: 'out_of_range' },
    ]);
    expect(parseSetupQuery('temperature=1.5', { ...context, current: { endpoint: 'openAI' } }).patch).toEqual({
      temperature: 1.5,
    });
  });

  it('checks against the widest range when no endpoint is known', () => {
    expect(parseSetupQuery('temperature=1.5').patch).toEqual({ temperature: 1.5 });
    expect(parseSetupQuery('temperature=2.5').warnings).toEqual([
      { param: 'temperature', value: '2.5', reason: 'out_of_range' },
    ]);
    expect(parseSetupQuery('topK=400').patch).toEqual({ topK: 400 });
  });

  it('ignores an endpoint that is not configured, with a warning', () => {
    expect(parseSetupQuery('endpoint=bedrock&model=x', context)).toEqual({
      patch: { model: 'x' },
      warnings: [{ param: 'endpoint', value: 'bedrock', reason: 'unknown_endpoint' }],
    });
  });

  it('honours a spec from the list: its preset, adjusted by the other settings', () => {
    expect(parseSetupQuery('spec=writer&temperature=0.9', context)).toEqual({
      patch: {
        endpoint: 'anthropic',
        endpointType: 'anthropic',
        model: 'claude-3-5-sonnet-latest',
        temperature: 0.9,
        spec: 'writer',
      },
      warnings: [],
    });
  });

  it("checks the other settings against the spec's endpoint", () => {
    expect(parseSetupQuery('spec=writer&temperature=1.5', context).warnings).toEqual([
      { param: 'temperature', value: '1.5', reason: 'out_of_range' },
    ]);
  });

  it('ignores a spec outside the list, with a warning', () => {
    expect(parseSetupQuery('spec=ghost&model=gpt-4o', context)).toEqual({
      patch: { model: 'gpt-4o' },
      warnings: [{ param: 'spec', value: 'ghost', reason: 'unknown_spec' }],
    });
    expect(parseSetupQuery('spec=writer').warnings).toEqual([
      { param: 'spec', value: 'writer', reason: 'unknown_spec' },
    ]);
  });

  it('leaves page parameters, unknown names and structured options alone, silently', () => {
    expect(
      parseSetupQuery(
        'prompt=hi&q=hello&submit=true&utm_source=x&tools=a&examples=b&file_ids=c&isTemporary=true',
        context,
      ),
    ).toEqual({
      patch: {},
      warnings: [],
    });
  });

  it('ignores blank values and repeated names after the first', () => {
    expect(parseSetupQuery('temperature=&model=&endpoint=openAI&endpoint=google', context).patch).toEqual({
      endpoint: 'openAI',
      endpointType: 'openAI',
    });
  });

  it('accepts URLSearchParams as well as a query string', () => {
    expect(parseSetupQuery(new URLSearchParams({ topP: '0.5' })).patch).toEqual({ topP: 0.5 });
    expect(parseSetupQuery('?topP=0.5').patch).toEqual({ topP: 0.5 });
  });

  it('refuses text that is too long for the schema', () => {
    expect(parseSetupQuery(`model=${'m'.repeat(300)}`).warnings).toEqual([
      { param: 'model', value: 'm'.repeat(300), reason: 'invalid' },
    ]);
  });

  it('takes region and Bedrock maxTokens as written', () => {
    expect(parseSetupQuery('region=eu-west-1&maxTokens=1024').patch).toEqual({ region: 'eu-west-1', maxTokens: 1024 });
  });
});
