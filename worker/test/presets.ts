import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { presetSchema, type Preset, type SavePresetBody } from '../contract/presets';
import type { UserRow } from '../db/users';
import { callAs } from './two-factor-helpers';

/** Shared by the presets route tests: save and list through the API, and read D1 directly. */
export async function save(user: UserRow, body: SavePresetBody | Record<string, unknown>): Promise<Preset> {
  const res = await callAs(user, '/api/presets', 'POST', body);
  if (res.status !== 201) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  return presetSchema.parse(await res.json());
}

export async function list(user: UserRow): Promise<Preset[]> {
  const res = await callAs(user, '/api/presets');
  expect(res.status).toBe(200);
  return presetSchema.array().parse(await res.json());
}

export async function messageOf(res: Response): Promise<string> {
  return (await res.json<{ message: string }>()).message;
}

/** Rows straight from D1, to check what a refused or foreign request left behind. */
export async function storedRows(userId: string) {
  const { results } = await env.DB.prepare(
    'SELECT presetId, title, defaultPreset, "order", model FROM presets WHERE userId = ?1 ORDER BY presetId',
  )
    .bind(userId)
    .all<{ presetId: string; title: string; defaultPreset: number; order: number | null; model: string | null }>();
  return results;
}

export async function setUpdatedAt(presetId: string, updatedAt: number): Promise<void> {
  await env.DB.prepare('UPDATE presets SET updatedAt = ?1 WHERE presetId = ?2').bind(updatedAt, presetId).run();
}

export const defaults = (presets: Preset[]) =>
  presets.filter((preset) => preset.defaultPreset).map((preset) => preset.title);
