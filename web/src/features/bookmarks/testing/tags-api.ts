import type { Tag } from '@contract/tags';
import type { ConversationListItem } from '@/shared/conversation/api/conversation-list-types';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { tag } from './fixtures';

type Failures = Partial<Record<'list' | 'create' | 'update' | 'delete' | 'setConversation', Response>>;

/**
 * A fake `/api/tags` behaving like the worker's (dense 1-based positions, counts following the
 * links, 409 on a taken name), plus `GET /api/convos` answering `conversations` filtered by
 * the `tags` parameters. `failures` makes one kind of call answer the given response instead.
 */
export function mockTagsApi({
  tags: initial = [tag('Saved', 1), tag('Work', 2), tag('Ideas', 3)],
  links = {} as Record<string, string[]>,
  failures = {} as Failures,
  conversations = [] as ConversationListItem[],
} = {}) {
  let tags: Tag[] = initial.map((item) => ({ ...item }));
  const conversationTags: Record<string, string[]> = { ...links };
  const recount = () => {
    tags = tags.map((item, index) => ({
      ...item,
      position: index + 1,
      count: Object.values(conversationTags).filter((names) => names.includes(item.tag)).length,
    }));
  };
  recount();
  const body = <T>(call: FetchCall) => JSON.parse(call.body ?? '{}') as T;
  const decodedTag = (url: string) => decodeURIComponent(url.slice('/api/tags/'.length));

  const api = mockFetch((call) => {
    const { url, method } = call;
    if (url.startsWith('/api/convos?') && method === 'GET') {
      const wanted = new URL(url, 'http://test').searchParams.getAll('tags');
      const listed =
        wanted.length === 0
          ? conversations
          : conversations.filter((item) =>
              (conversationTags[item.conversationId] ?? []).some((name) => wanted.includes(name)),
            );
      return jsonResponse({ conversations: listed, nextCursor: null });
    }
    if (url === '/api/tags' && method === 'GET') return failures.list ?? jsonResponse(tags);
    if (url === '/api/tags' && method === 'POST') {
      if (failures.create) return failures.create;
      const {
        tag: name,
        description,
        conversationId,
        addToConversation,
      } = body<{ tag: string; description?: string; conversationId?: string; addToConversation?: boolean }>(call);
      if (tags.some((item) => item.tag === name))
        return jsonResponse({ message: `A bookmark named "${name}" already exists`, code: 'tag_exists' }, 409);
      tags.push(tag(name, tags.length + 1, description ? { description } : {}));
      if (addToConversation && conversationId)
        conversationTags[conversationId] = [...(conversationTags[conversationId] ?? []), name];
      recount();
      return jsonResponse(tags.at(-1));
    }
    if (url.startsWith('/api/tags/convo/') && method === 'PUT') {
      if (failures.setConversation) return failures.setConversation;
      const conversationId = decodeURIComponent(url.slice('/api/tags/convo/'.length));
      const names = body<{ tags: string[] }>(call).tags;
      conversationTags[conversationId] = names;
      recount();
      return jsonResponse(names);
    }
    if (url.startsWith('/api/tags/') && method === 'PUT') {
      if (failures.update) return failures.update;
      const name = decodedTag(url);
      const changes = body<{ tag?: string; description?: string | null; position?: number }>(call);
      const index = tags.findIndex((item) => item.tag === name);
      const current = tags[index];
      if (!current) return jsonResponse({ message: 'Bookmark not found', code: 'not_found' }, 404);
      if (changes.tag && changes.tag !== name && tags.some((item) => item.tag === changes.tag)) {
        return jsonResponse({ message: `A bookmark named "${changes.tag}" already exists`, code: 'tag_exists' }, 409);
      }
      const updated: Tag = { ...current, ...(changes.tag ? { tag: changes.tag } : {}) };
      if (changes.description !== undefined) {
        if (changes.description) updated.description = changes.description;
        else delete updated.description;
      }
      tags.splice(index, 1);
      const to = changes.position === undefined ? index : Math.max(0, Math.min(tags.length, changes.position - 1));
      tags.splice(to, 0, updated);
      if (changes.tag)
        for (const id of Object.keys(conversationTags))
          conversationTags[id] = (conversationTags[id] ?? []).map((other) => (other === name ? updated.tag : other));
      recount();
      return jsonResponse(tags.find((item) => item.tag === updated.tag));
    }
    if (url.startsWith('/api/tags/') && method === 'DELETE') {
      if (failures.delete) return failures.delete;
      const name = decodedTag(url);
      const found = tags.find((item) => item.tag === name);
      if (!found) return jsonResponse({ message: 'Bookmark not found', code: 'not_found' }, 404);
      tags = tags.filter((item) => item.tag !== name);
      for (const id of Object.keys(conversationTags))
        conversationTags[id] = (conversationTags[id] ?? []).filter((other) => other !== name);
      recount();
      return jsonResponse(found);
    }
    return jsonResponse({ message: `unexpected ${method} ${url}` }, 500);
  });
  return { ...api, current: () => tags, conversationTags };
}
