import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PRESET_LIMITS, presetSchema, type Preset, type SavePresetBody } from '../contract/presets';
import type { UserRow } from '../db/users';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { callAs } from '../test/two-factor-helpers';

async function save(user: UserRow, body: SavePresetBody | Record<string, unknown>): Promise<Preset> {
  const res = await callAs(user, '/api/presets', 'POST', body);
  if (res.status !== 201) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  return presetSchema.parse(await res.json());
}

async function list(user: UserRow): Promise<Preset[]> {
  const res = await callAs(user, '/api/presets');
  expect(res.status).toBe(200);
  return presetSchema.array().parse(await res.json());
}

async function messageOf(res: Response): Promise<string> {
  return (await res.json<{ message: string }>()).message;
}

/** Rows straight from D1, to check what a refused or foreign request left behind. */
async function storedRows(userId: string) {
  const { results } = await env.DB.prepare(
    'SELECT presetId, title, defaultPreset, "order", model FROM presets WHERE userId = ?1 ORDER BY presetId',
  )
    .bind(userId)
    .all<{ presetId: string; title: string; defaultPreset: number; order: number | null; model: string | null }>();
  return results;
}

async function setUpdatedAt(presetId: string, updatedAt: number): Promise<void> {
  await env.DB.prepare('UPDATE presets SET updatedAt = ?1 WHERE presetId = ?2').bind(updatedAt, presetId).run();
}

const defaults = (presets: Preset[]) => presets.filter((preset) => preset.defaultPreset).map((preset) => preset.title);

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

describe('default preset', () => {
  it('a new default replaces the previous one, which loses its pinned order', async () => {
    const user = await createTestUser();
    const first = await save(user, { title: 'First', defaultPreset: true });
    expect(first).toMatchObject({ defaultPreset: true, order: 0 });
    const second = await save(user, { title: 'Second', defaultPreset: true });
    expect(second).toMatchObject({ defaultPreset: true, order: 0 });

    const presets = await list(user);
    expect(defaults(presets)).toEqual(['Second']);
    expect(presets.find((preset) => preset.presetId === first.presetId)).toMatchObject({
      defaultPreset: false,
      order: null,
    });
  });

  it('making an existing preset the default switches it in place, keeping its options', async () => {
    const user = await createTestUser();
    const a = await save(user, { title: 'A', defaultPreset: true });
    const b = await save(user, { title: 'B', model: 'claude' });
    const switched = await save(user, { presetId: b.presetId, title: 'B', defaultPreset: true });
    expect(switched).toMatchObject({ defaultPreset: true, order: 0, model: 'claude' });
    expect(defaults(await list(user))).toEqual(['B']);
    // Saving the default again as default keeps it the only one.
    await save(user, { presetId: b.presetId, title: 'B again', defaultPreset: true });
    expect(defaults(await list(user))).toEqual(['B again']);
    expect((await list(user)).find((preset) => preset.presetId === a.presetId)?.defaultPreset).toBe(false);
  });

  it('defaultPreset false unmarks it; absent or null leaves the flag alone', async () => {
    const user = await createTestUser();
    const preset = await save(user, { title: 'D', defaultPreset: true });
    expect(await save(user, { presetId: preset.presetId, title: 'D2' })).toMatchObject({
      defaultPreset: true,
      order: 0,
    });
    expect(await save(user, { presetId: preset.presetId, title: 'D3', defaultPreset: null })).toMatchObject({
      defaultPreset: true,
    });
    expect(await save(user, { presetId: preset.presetId, title: 'D4', defaultPreset: false })).toMatchObject({
      defaultPreset: false,
      order: null,
    });
    // Unmarking a preset that was not the default keeps its own order.
    const ordered = await save(user, { title: 'Ordered', order: 3 });
    expect(await save(user, { presetId: ordered.presetId, title: 'Ordered', defaultPreset: false })).toMatchObject({
      order: 3,
    });
  });

  it("a refused save never clears the caller's own default", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const alicePreset = await save(alice, { title: 'Alice' });
    const malloryDefault = await save(mallory, { title: 'Mallory default', defaultPreset: true });

    const res = await callAs(mallory, '/api/presets', 'POST', {
      presetId: alicePreset.presetId,
      title: 'X',
      defaultPreset: true,
    });
    expect(res.status).toBe(404);
    expect(defaults(await list(mallory))).toEqual([malloryDefault.title]);
    expect(defaults(await list(alice))).toEqual([]);
  });

  it('concurrent saves as default leave exactly one default (the unique index holds)', async () => {
    const user = await createTestUser();
    const saved = await Promise.all(['A', 'B', 'C', 'D'].map((title) => save(user, { title, defaultPreset: true })));
    expect(saved).toHaveLength(4);
    expect(defaults(await list(user))).toHaveLength(1);
  });

  it("one user's default does not touch another user's", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await save(alice, { title: 'Alice default', defaultPreset: true });
    await save(bob, { title: 'Bob default', defaultPreset: true });
    expect(defaults(await list(alice))).toEqual(['Alice default']);
    expect(defaults(await list(bob))).toEqual(['Bob default']);
  });
});

describe('GET /api/presets', () => {
  it('orders by order (unordered last), then most recently updated first', async () => {
    const user = await createTestUser();
    const old = await save(user, { title: 'Old' });
    const recent = await save(user, { title: 'Recent' });
    await save(user, { title: 'Second', order: 2 });
    await save(user, { title: 'Default', defaultPreset: true });
    await save(user, { title: 'First', order: 1 });
    await setUpdatedAt(old.presetId, Date.UTC(2024, 0, 1));
    await setUpdatedAt(recent.presetId, Date.UTC(2025, 0, 1));

    expect((await list(user)).map((preset) => preset.title)).toEqual(['Default', 'First', 'Second', 'Recent', 'Old']);
  });

  it("lists only the caller's presets", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await save(alice, { title: 'Alice' });
    await save(bob, { title: 'Bob' });
    expect((await list(alice)).map((preset) => preset.title)).toEqual(['Alice']);
    expect(await list(await createTestUser())).toEqual([]);
  });
});

describe('POST /api/presets/delete', () => {
  it("deletes one of the caller's presets; another user's id deletes nothing", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const keep = await save(alice, { title: 'Keep' });
    const drop = await save(alice, { title: 'Drop' });

    const foreign = await callAs(bob, '/api/presets/delete', 'POST', { presetId: keep.presetId });
    expect(foreign.status).toBe(201);
    expect(await foreign.json()).toEqual({ acknowledged: true, deletedCount: 0 });

    // LibreChat's client sends the whole preset: the extra fields are ignored.
    const res = await callAs(alice, '/api/presets/delete', 'POST', { ...drop });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await list(alice)).map((preset) => preset.title)).toEqual(['Keep']);
  });

  it("an empty body deletes all the caller's presets, and only theirs", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await save(alice, { title: 'A1' });
    await save(alice, { title: 'A2', defaultPreset: true });
    await save(bob, { title: 'B1' });

    const res = await callAs(alice, '/api/presets/delete', 'POST', {});
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(await list(alice)).toEqual([]);
    expect((await list(bob)).map((preset) => preset.title)).toEqual(['B1']);

    // No body at all (axios posting `undefined`) means the same.
    await save(alice, { title: 'A3' });
    const bare = await callApp('/api/presets/delete', { method: 'POST', headers: await authHeader(alice) });
    expect(await bare.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('refuses an empty or null presetId and a body not sent as JSON, deleting nothing', async () => {
    const user = await createTestUser();
    const preset = await save(user, { title: 'Survivor' });
    for (const body of [{ presetId: '' }, { presetId: null }, { presetId: 42 }]) {
      const res = await callAs(user, '/api/presets/delete', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toContain('presetId');
    }
    const plain = await callApp('/api/presets/delete', {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ presetId: preset.presetId }),
    });
    expect(plain.status).toBe(415);
    expect((await list(user)).map((item) => item.title)).toEqual(['Survivor']);
  });
});

describe('authentication', () => {
  it('answers 401 to every presets route without a token', async () => {
    expect((await callAs(null, '/api/presets')).status).toBe(401);
    expect((await callAs(null, '/api/presets', 'POST', { title: 'x' })).status).toBe(401);
    expect((await callAs(null, '/api/presets/delete', 'POST', {})).status).toBe(401);
  });
});
