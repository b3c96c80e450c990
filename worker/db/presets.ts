import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { db } from './client';
import { decodeRow, prepareSql } from './raw-batch';
import { conversationOptionColumns, nowMs } from './schema/columns';
import { presets } from './schema/presets';

/** A stored preset (drizzle maps booleans and JSON options). */
export type PresetRow = typeof presets.$inferSelect;

/** The option columns a preset shares with a conversation. */
export type PresetOptionColumn = keyof ReturnType<typeof conversationOptionColumns>;

/** Columns a save may write besides the id, owner, title and default flag. */
export type PresetValues = Partial<Pick<typeof presets.$inferInsert, PresetOptionColumn | 'order'>>;

export interface PresetWrite {
  presetId: string;
  title: string;
  /** The columns to write: one left out keeps its stored value, `null` clears it. */
  values: PresetValues;
  /** true: become the user's only default; false: stop being it; undefined: unchanged. */
  defaultPreset?: boolean;
}

export type SavePresetOutcome =
  | { status: 'saved'; preset: PresetRow }
  /** The id belongs to another user's preset, which was left untouched. */
  | { status: 'taken' }
  /** The user already has `maxPresets` presets and this save would have added one. */
  | { status: 'limit_reached' };

/**
 * The user's presets, ordered as the menu shows them: by `order` (unordered ones last, as
 * LibreChat sorts a missing order after every set one), then most recently updated first.
 * The id breaks ties so the order is stable. Bounded by the per-user cap, so not paged. For a
 * batch of the caller's; read its result with presetsOf.
 */
export function presetsStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return prepareSql(
    d1,
    db({ DB: d1 })
      .select()
      .from(presets)
      .where(eq(presets.userId, userId))
      .orderBy(sql`${presets.order} IS NULL`, asc(presets.order), desc(presets.updatedAt), desc(presets.presetId)),
  );
}

/** The presets of presetsStatement's result, decoded as drizzle decodes them. */
export function presetsOf(result: D1Result<unknown> | undefined): PresetRow[] {
  return ((result?.results ?? []) as Record<string, unknown>[]).map((row) => decodeRow(presets, row));
}

const column = (name: string) => sql.identifier(name);

/**
 * Creates or updates one of the user's presets in a single D1 batch (one transaction), so
 * the cap, the ownership check and the default switch can neither race nor half-apply:
 *
 * 1. An upsert that inserts only while the user is under `maxPresets` (or the id already
 *    exists), and on an id conflict updates only a row the user owns. It never sets
 *    `defaultPreset = 1` itself: the unique "one default per user" index is checked row by
 *    row, so the old default must be cleared first.
 * 2. (default requested) The user's other default is unmarked — only if step 1 left the
 *    user owning this id, so a refused save changes nothing.
 * 3. (default requested) This preset is marked default and pinned first (`order` 0 unless
 *    the request gives one), as LibreChat does.
 * 4. The row as stored, if the user owns it.
 *
 * A preset that stops being the default loses its pinned `order` (unless the request sets
 * one), so it goes back among the others.
 */
export async function savePreset(
  d1: D1Database,
  userId: string,
  write: PresetWrite,
  maxPresets: number,
): Promise<SavePresetOutcome> {
  const { presetId, title, values, defaultPreset } = write;
  const entries = Object.entries(values).filter(([, value]) => value !== undefined) as [keyof PresetValues, unknown][];

  const insertColumns = [
    column('presetId'),
    column('userId'),
    column('title'),
    ...entries.map(([name]) => column(name)),
  ];
  const insertValues = [
    sql`${presetId}`,
    sql`${userId}`,
    sql`${title}`,
    // The column encodes the value as it is stored (JSON text, 0/1 booleans).
    ...entries.map(([name, value]) => sql`${sql.param(value, presets[name])}`),
  ];
  const updates: SQL[] = [
    sql`${column('title')} = excluded.${column('title')}`,
    ...entries.map(([name]) => sql`${column(name)} = excluded.${column(name)}`),
    sql`${column('updatedAt')} = ${nowMs}`,
  ];
  if (defaultPreset === false) {
    updates.push(sql`"defaultPreset" = 0`);
    // SET expressions read the row as it was, so this sees whether it was the default.
    if (!('order' in values))
      updates.push(sql`"order" = CASE WHEN presets."defaultPreset" = 1 THEN NULL ELSE presets."order" END`);
  }

  const upsert = sql`
    INSERT INTO presets (${sql.join(insertColumns, sql`, `)})
    SELECT ${sql.join(insertValues, sql`, `)}
    WHERE (SELECT count(*) FROM presets WHERE "userId" = ${userId}) < ${maxPresets}
      OR EXISTS (SELECT 1 FROM presets WHERE "presetId" = ${presetId})
    ON CONFLICT ("presetId") DO UPDATE SET ${sql.join(updates, sql`, `)}
    WHERE presets."userId" = excluded."userId"`;
  const statements = [upsert];
  if (defaultPreset === true) {
    const pinnedOrder = 'order' in values ? (values.order ?? null) : 0;
    statements.push(
      sql`UPDATE presets SET "defaultPreset" = 0, "order" = NULL, "updatedAt" = ${nowMs}
        WHERE "userId" = ${userId} AND "defaultPreset" = 1 AND "presetId" <> ${presetId}
          AND EXISTS (SELECT 1 FROM presets WHERE "presetId" = ${presetId} AND "userId" = ${userId})`,
      sql`UPDATE presets SET "defaultPreset" = 1, "order" = ${pinnedOrder}, "updatedAt" = ${nowMs}
        WHERE "presetId" = ${presetId} AND "userId" = ${userId}`,
    );
  }
  statements.push(sql`SELECT * FROM presets WHERE "presetId" = ${presetId} AND "userId" = ${userId}`);

  const results = await d1.batch<Record<string, unknown>>(statements.map((statement) => prepareSql(d1, statement)));
  const stored = results.at(-1)?.results[0];
  if (stored) return { status: 'saved', preset: decodeRow(presets, stored) };
  return (await presetIdTakenByOther(d1, userId, presetId)) ? { status: 'taken' } : { status: 'limit_reached' };
}

/** Whether `presetId` is another user's (ids are global, and some are chosen by clients). */
async function presetIdTakenByOther(d1: D1Database, userId: string, presetId: string): Promise<boolean> {
  const row = await d1
    .prepare('SELECT 1 AS taken FROM presets WHERE "presetId" = ?1 AND "userId" <> ?2')
    .bind(presetId, userId)
    .first<{ taken: number }>();
  return row !== null;
}

/** Deletes one of the user's presets, or all of them without an id; answers how many went. */
export async function deletePresets(d1: D1Database, userId: string, presetId?: string): Promise<number> {
  const statement =
    presetId === undefined
      ? d1.prepare('DELETE FROM presets WHERE "userId" = ?1').bind(userId)
      : d1.prepare('DELETE FROM presets WHERE "userId" = ?1 AND "presetId" = ?2').bind(userId, presetId);
  const result = await statement.run();
  return result.meta.changes;
}
