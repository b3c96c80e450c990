/** Presets: the one default preset per user, the listing order, and deletion. */
import { describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { callAs } from '../test/two-factor-helpers';
import { defaults, list, messageOf, save, setUpdatedAt } from '../test/presets';

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
