import { and, desc, eq, or, sql } from 'drizzle-orm';
import { db } from './client';
import { promptGroups, prompts } from './schema';

/**
 * Every statement on prompt groups and their versions that touches one group, each scoped by
 * the caller. A group is visible to its author and, once shared with the instance
 * (`isShared`), to everyone; it is editable by its author, and by an admin once shared.
 * Another user's private group is never read, changed or deleted, whatever the caller's role.
 * The lists are in db/prompt-lists.ts.
 */

export type PromptGroupRow = typeof promptGroups.$inferSelect;
export type PromptRow = typeof prompts.$inferSelect;

/** Who asks: their id, and whether their role is ADMIN (admins edit shared groups). */
export interface PromptCaller {
  userId: string;
  isAdmin: boolean;
}

/** A new group's own columns; its first version is written with it. */
export interface NewPromptGroup {
  name: string;
  category: string;
  oneliner: string;
  command: string | null;
  authorName: string;
}

export interface NewPromptVersion {
  prompt: string;
  type: PromptRow['type'];
}

/** Group columns an update may write; `projectIds` always comes with its `isShared`. */
export type PromptGroupChanges = Partial<Pick<PromptGroupRow, 'name' | 'category' | 'oneliner' | 'command'>> &
  Partial<Pick<PromptGroupRow, 'projectIds' | 'isShared'>>;

const visibleTo = (userId: string) => or(eq(promptGroups.userId, userId), eq(promptGroups.isShared, true));

function editableBy(caller: PromptCaller) {
  return or(eq(promptGroups.userId, caller.userId), caller.isAdmin ? eq(promptGroups.isShared, true) : sql`0`);
}

/** The same condition in raw SQL, for statements drizzle cannot build (`?u` the user, `?a` 1 for an admin). */
const EDITABLE_SQL = (user: string, admin: string) => `(userId = ${user} OR (${admin} = 1 AND isShared = 1))`;

/** The group if the caller may see it (own or shared), else null. */
export async function findVisibleGroup(d1: D1Database, userId: string, id: string): Promise<PromptGroupRow | null> {
  const row = await db({ DB: d1 })
    .select()
    .from(promptGroups)
    .where(and(eq(promptGroups.id, id), visibleTo(userId)))
    .get();
  return row ?? null;
}

/** One version by id (the caller's right to its group is checked by the caller). */
export async function findPrompt(d1: D1Database, id: string): Promise<PromptRow | null> {
  const row = await db({ DB: d1 }).select().from(prompts).where(eq(prompts.id, id)).get();
  return row ?? null;
}

/** A group's versions, newest first (insertion order breaks a tie in the same millisecond). */
export async function listVersions(d1: D1Database, groupId: string): Promise<PromptRow[]> {
  return db({ DB: d1 })
    .select()
    .from(prompts)
    .where(eq(prompts.groupId, groupId))
    .orderBy(desc(prompts.createdAt), sql`${prompts}.rowid desc`)
    .all();
}

/**
 * A new group with `version` as its first and production version, in one transaction (the
 * group must exist before its version, and the version before the group can point at it).
 */
export async function insertGroupWithVersion(
  d1: D1Database,
  userId: string,
  ids: { groupId: string; promptId: string },
  group: NewPromptGroup,
  version: NewPromptVersion,
): Promise<{ group: PromptGroupRow; prompt: PromptRow }> {
  const client = db({ DB: d1 });
  const [, [prompt], [created]] = await client.batch([
    client.insert(promptGroups).values({ ...group, id: ids.groupId, userId, projectIds: [], isShared: false }),
    client
      .insert(prompts)
      .values({ ...version, id: ids.promptId, groupId: ids.groupId, userId })
      .returning(),
    client.update(promptGroups).set({ productionId: ids.promptId }).where(eq(promptGroups.id, ids.groupId)).returning(),
  ]);
  if (!prompt || !created) throw new Error('The new prompt group was not written');
  return { group: created, prompt };
}

interface RawPromptRow extends Omit<PromptRow, 'labels'> {
  labels: string;
}

function parseLabels(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((label): label is string => typeof label === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A new version of the group, if the caller may still edit it and `version.prompt` differs
 * from the latest version's text; both are checked in the statement itself, so a concurrent
 * unshare or a double submit cannot slip through. Null when nothing was written.
 */
export async function insertVersionIfChanged(
  d1: D1Database,
  caller: PromptCaller,
  ids: { groupId: string; promptId: string },
  version: NewPromptVersion,
): Promise<PromptRow | null> {
  const row = await d1
    .prepare(
      `INSERT INTO prompts (id, groupId, userId, prompt, type)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE EXISTS (SELECT 1 FROM prompt_groups WHERE id = ?2 AND ${EDITABLE_SQL('?3', '?6')})
         AND ?4 IS NOT (SELECT prompt FROM prompts WHERE groupId = ?2 ORDER BY createdAt DESC, rowid DESC LIMIT 1)
       RETURNING *`,
    )
    .bind(ids.promptId, ids.groupId, caller.userId, version.prompt, version.type, caller.isAdmin ? 1 : 0)
    .first<RawPromptRow>();
  return row ? { ...row, labels: parseLabels(row.labels) } : null;
}

/** Writes `changes` if the caller may still edit the group when the statement runs. */
export async function updateGroupIfEditor(
  d1: D1Database,
  caller: PromptCaller,
  id: string,
  changes: PromptGroupChanges,
): Promise<PromptGroupRow | null> {
  const row = await db({ DB: d1 })
    .update(promptGroups)
    .set(changes)
    .where(and(eq(promptGroups.id, id), editableBy(caller)))
    .returning()
    .get();
  return row ?? null;
}

/** Makes `promptId` production if it is a version of the group and the caller may edit the group. */
export async function setProductionIfEditor(
  d1: D1Database,
  caller: PromptCaller,
  groupId: string,
  promptId: string,
): Promise<boolean> {
  const isVersion = sql`exists (select 1 from ${prompts} where ${prompts.id} = ${promptId} and ${prompts.groupId} = ${groupId})`;
  const rows = await db({ DB: d1 })
    .update(promptGroups)
    .set({ productionId: promptId })
    .where(and(eq(promptGroups.id, groupId), editableBy(caller), isVersion))
    .returning({ id: promptGroups.id })
    .all();
  return rows.length > 0;
}

/** Sets a version's labels if the caller may edit its group. */
export async function setLabelsIfEditor(
  d1: D1Database,
  caller: PromptCaller,
  promptId: string,
  labels: string[],
): Promise<PromptRow | null> {
  const editable = sql`exists (select 1 from ${promptGroups} where ${promptGroups.id} = ${prompts.groupId} and ${editableBy(caller)})`;
  const row = await db({ DB: d1 })
    .update(prompts)
    .set({ labels })
    .where(and(eq(prompts.id, promptId), editable))
    .returning()
    .get();
  return row ?? null;
}

/** Deletes the group and (by cascade) its versions if the caller may edit it. */
export async function deleteGroupIfEditor(d1: D1Database, caller: PromptCaller, id: string): Promise<boolean> {
  const rows = await db({ DB: d1 })
    .delete(promptGroups)
    .where(and(eq(promptGroups.id, id), editableBy(caller)))
    .returning({ id: promptGroups.id })
    .all();
  return rows.length > 0;
}

export type DeletedVersion = { deleted: false } | { deleted: true; groupDeleted: boolean };

/**
 * Deletes one version of the group, in one transaction: the version (if the caller may edit
 * the group); then, if it was production (the foreign key has cleared `productionId`), the
 * newest remaining version becomes production; then the group, if no version remains.
 */
export async function deleteVersionIfEditor(
  d1: D1Database,
  caller: PromptCaller,
  groupId: string,
  promptId: string,
): Promise<DeletedVersion> {
  const admin = caller.isAdmin ? 1 : 0;
  const editable = `EXISTS (SELECT 1 FROM prompt_groups WHERE id = ?2 AND ${EDITABLE_SQL('?3', '?4')})`;
  const [deleted, , group] = await d1.batch<{ id: string }>([
    d1
      .prepare(`DELETE FROM prompts WHERE id = ?1 AND groupId = ?2 AND ${editable} RETURNING id`)
      .bind(promptId, groupId, caller.userId, admin),
    d1
      .prepare(
        `UPDATE prompt_groups SET productionId =
           (SELECT id FROM prompts WHERE groupId = ?1 ORDER BY createdAt DESC, rowid DESC LIMIT 1)
         WHERE id = ?1 AND productionId IS NULL`,
      )
      .bind(groupId),
    d1
      .prepare(
        `DELETE FROM prompt_groups WHERE id = ?1 AND ${EDITABLE_SQL('?2', '?3')}
           AND NOT EXISTS (SELECT 1 FROM prompts WHERE groupId = ?1) RETURNING id`,
      )
      .bind(groupId, caller.userId, admin),
  ]);
  if (!deleted?.results.length) return { deleted: false };
  return { deleted: true, groupDeleted: (group?.results.length ?? 0) > 0 };
}
