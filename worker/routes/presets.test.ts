import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PRESET_LIMITS, presetSchema, type Preset } from '../contract/presets';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';
import { list, messageOf, save, setUpdatedAt, storedRows } from '../test/presets';

describe('POST /api/presets', () => {
  it('creates a preset under a server-made id and answers 201 with the set options only', async () => {
    const user = await createTestUser();
    const res = await callAs(user, '/api/presets', 'POST', {
      title: '  Careful writer  ',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.2,
      stop: ['END'],
      promptPrefix: 'Be precise.',
      resendFiles: false,
    });
    expect(res.status).toBe(201);
    const preset = presetSchema.parse(await res.json());
    expect(preset.presetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(preset).toEqual({
      presetId: preset.presetId,
      user: user.id,
      title: 'Careful writer',
      defaultPreset: false,
      order: null,
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.2,
      stop: ['END'],
      promptPrefix: 'Be precise.',
      resendFiles: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await list(user)).toEqual([preset]);
  });

  it('updates by presetId: only the fields sent change, null clears one, createdAt stays', async () => {
    const user = await createTestUser();
    const created = await save(user, {
      presetId: 'my-preset',
      title: 'First',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 1,
      modelLabel: 'Bot',
    });
    await setUpdatedAt('my-preset', Date.UTC(2025, 0, 1));

    const updated = await save(user, { presetId: 'my-preset', title: 'Second', temperature: 0.5, modelLabel: null });
    expect(updated).toMatchObject({
      presetId: 'my-preset',
      title: 'Second',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.5,
    });
    expect(updated).not.toHaveProperty('modelLabel');
    expect(updated.createdAt).toBe(created.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(await list(user)).toHaveLength(1);
  });

  it('stores tools by plugin key, whichever form they arrive in; a null presetId means a new one', async () => {
    const user = await createTestUser();
    const preset = await save(user, {
      presetId: null,
      title: 'Tools',
      endpoint: 'gptPlugins',
      tools: ['calculator', { pluginKey: 'web-browser' }],
    });
    expect(preset.tools).toEqual(['calculator', 'web-browser']);
  });

  it("round-trips every option field in one save (within D1's 100 bound parameters per statement)", async () => {
    const user = await createTestUser();
    const options = {
      endpoint: 'bedrock',
      endpointType: 'custom',
      model: 'm',
      modelLabel: 'L',
      chatGptLabel: 'G',
      promptPrefix: 'P',
      system: 'S',
      temperature: 0.5,
      topP: 0.9,
      topK: 40,
      top_p: 0.8,
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
      maxOutputTokens: 100,
      maxContextTokens: 2000,
      max_tokens: 300,
      maxTokens: 400,
      promptCache: true,
      thinking: false,
      thinkingBudget: 1024,
      artifacts: 'default',
      context: 'C',
      examples: [{ input: { content: 'i' }, output: { content: 'o' } }],
      tools: ['t'],
      resendFiles: true,
      resendImages: false,
      imageDetail: 'high',
      reasoning_effort: 'low',
      assistant_id: 'a',
      agent_id: 'g',
      region: 'us-east-1',
      additionalModelRequestFields: { x: 1 },
      instructions: 'I',
      additional_instructions: 'AI',
      append_current_datetime: true,
      stop: ['s'],
      greeting: 'hi',
      spec: 'sp',
      iconURL: 'https://x.test/i.png',
      file_ids: ['f'],
      agentOptions: { agent: 'functions', skipCompletion: true, model: 'am', temperature: 0 },
    } as const;
    const preset = await save(user, { title: 'Everything', defaultPreset: true, order: 5, ...options });
    expect(preset).toEqual({
      ...options,
      presetId: preset.presetId,
      user: user.id,
      title: 'Everything',
      defaultPreset: true,
      order: 5,
      createdAt: preset.createdAt,
      updatedAt: preset.updatedAt,
    });
    expect(await list(user)).toEqual([preset]);
  });

  it('answers 400 naming the field for an invalid body, and stores nothing', async () => {
    const user = await createTestUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ endpoint: 'openAI' }, 'title: title is required'],
      [{ title: '   ' }, 'title: title is required'],
      [
        { title: 'x'.repeat(PRESET_LIMITS.titleMax + 1) },
        `title: title must be at most ${PRESET_LIMITS.titleMax} characters`,
      ],
      [{ title: 'T', temperature: 'warm' }, 'temperature:'],
      [{ title: 'T', imageDetail: 'huge' }, 'imageDetail:'],
      [{ title: 'T', order: -1 }, 'order:'],
      [{ title: 'T', defaultPreset: 'yes' }, 'defaultPreset:'],
      [{ title: 'T', presetId: '../etc' }, 'presetId: presetId may hold only letters, digits, - and _'],
      [{ title: 'T', stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop:'],
    ];
    for (const [body, message] of cases) {
      const res = await callAs(user, '/api/presets', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toContain(message);
    }
    expect(await storedRows(user.id)).toEqual([]);
  });

  it('drops a user, userId or _id in the body: the preset belongs to the token user', async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const preset = await save(mallory, { title: 'Planted', user: alice.id, userId: alice.id, _id: 'x' });
    expect(preset.user).toBe(mallory.id);
    expect(await storedRows(alice.id)).toEqual([]);
  });

  it("never overwrites another user's preset: 404, and their row is untouched", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const mine = await save(alice, { title: 'Mine', model: 'gpt-4o', defaultPreset: true });

    const res = await callAs(mallory, '/api/presets', 'POST', {
      presetId: mine.presetId,
      title: 'Stolen',
      model: 'evil',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Preset not found', code: 'not_found' });
    expect(await storedRows(alice.id)).toEqual([
      { presetId: mine.presetId, title: 'Mine', defaultPreset: 1, order: 0, model: 'gpt-4o' },
    ]);
    expect(await list(mallory)).toEqual([]);
  });

  it(`refuses a new preset past ${PRESET_LIMITS.perUser} with a 409 naming the limit, but still updates existing ones`, async () => {
    const user = await createTestUser();
    const ids = Array.from({ length: PRESET_LIMITS.perUser }, (_, i) => `p${i}`);
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare('INSERT INTO presets (presetId, userId, title) VALUES (?1, ?2, ?3)').bind(id, user.id, id),
      ),
    );

    const refused = await callAs(user, '/api/presets', 'POST', { title: 'One too many' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: `You can keep at most ${PRESET_LIMITS.perUser} presets: delete one before saving another`,
      code: 'preset_limit_reached',
    });
    expect((await storedRows(user.id)).length).toBe(PRESET_LIMITS.perUser);

    expect((await save(user, { presetId: 'p7', title: 'Renamed', defaultPreset: true })).title).toBe('Renamed');
    expect((await storedRows(user.id)).length).toBe(PRESET_LIMITS.perUser);
  });
});

describe('authentication', () => {
  it('answers 401 to every presets route without a token', async () => {
    expect((await callAs(null, '/api/presets')).status).toBe(401);
    expect((await callAs(null, '/api/presets', 'POST', { title: 'x' })).status).toBe(401);
    expect((await callAs(null, '/api/presets/delete', 'POST', {})).status).toBe(401);
  });
});
