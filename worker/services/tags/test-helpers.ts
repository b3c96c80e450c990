import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { conversationTagsSchema, tagSchema, type Tag } from '../../contract/tags';
import type { UserRow } from '../../db/users';
import { createTestUser } from '../../test/auth-helpers';
import { callAs } from '../../test/two-factor-helpers';

/*
 * Helpers of the /api/tags route tests: calls as a user, and reads straight from D1 to check
 * what a refused or foreign request left behind.
 */

export const path = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

export async function list(user: UserRow): Promise<Tag[]> {
  const res = await callAs(user, '/api/tags');
  expect(res.status).toBe(200);
  return tagSchema.array().parse(await res.json());
}

/** name → [count, position], the parts of the list most tests check. */
export async function summary(user: UserRow): Promise<Record<string, [number, number]>> {
  return Object.fromEntries((await list(user)).map((tag) => [tag.tag, [tag.count, tag.position]]));
}

export async function create(user: UserRow, body: Record<string, unknown>): Promise<Tag> {
  const res = await callAs(user, '/api/tags', 'POST', body);
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return tagSchema.parse(await res.json());
}

export async function setTags(user: UserRow, conversationId: string, tags: string[]): Promise<string[]> {
  const res = await callAs(user, `/api/tags/convo/${conversationId}`, 'PUT', { tags });
  if (res.status !== 200) throw new Error(`set answered ${res.status}: ${await res.text()}`);
  return conversationTagsSchema.parse(await res.json());
}

export async function messageOf(res: Response): Promise<string> {
  return (await res.json<{ message: string }>()).message;
}

/** The conversation's links straight from D1, sorted. */
export async function linksOf(conversationId: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT tag FROM conversation_tags WHERE conversationId = ?1 ORDER BY tag')
    .bind(conversationId)
    .all<{ tag: string }>();
  return results.map((row) => row.tag);
}

export async function storedTagCount(userId: string): Promise<number> {
  return (
    (await env.DB.prepare('SELECT count(*) AS n FROM tags WHERE userId = ?1').bind(userId).first<number>('n')) ?? -1
  );
}

/** A user whose list is exactly the given names, in order (the default Saved removed). */
export async function userWithTags(...names: string[]): Promise<UserRow> {
  const user = await createTestUser();
  for (const tag of names) await create(user, { tag });
  await callAs(user, path('Saved'), 'DELETE');
  return user;
}

export const names = (tags: Tag[]) => tags.map((tag) => tag.tag);
