import type { Tag } from '@contract/tags';

const AT = '2024-05-15T12:00:00.000Z';

/** A bookmark as `GET /api/tags` answers it. */
export function tag(name: string, position: number, overrides: Partial<Tag> = {}): Tag {
  return { _id: `id-${name}`, user: 'u1', tag: name, count: 0, position, createdAt: AT, updatedAt: AT, ...overrides };
}
