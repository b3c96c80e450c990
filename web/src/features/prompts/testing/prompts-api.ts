import type { Prompt, PromptGroup } from '@contract/prompts';
import { categoriesFixture } from '@/shared/prompts/testing/prompt-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';

type Answer = Response | undefined;

export type PromptsApiState = {
  groups: PromptGroup[];
  versions: Prompt[];
  /** Answers before the defaults (a failure, a slow page). */
  override?: (call: FetchCall) => Answer | Promise<Answer>;
};

const path = (url: string) => new URL(url, 'http://test').pathname;

/** The prompts API over in-memory groups and versions, with the calls recorded. */
export function mockPromptsApi(state: PromptsApiState) {
  let created = 0;
  const mock = mockFetch(async (call) => {
    const answer = await state.override?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://test');
    const pathname = path(call.url);
    const body = call.body ? (JSON.parse(call.body) as Record<string, unknown>) : {};

    if (pathname === '/api/categories') return jsonResponse(categoriesFixture);
    if (pathname === '/api/prompts/groups' && call.method === 'GET') {
      return jsonResponse({ promptGroups: state.groups, pageNumber: '1', pageSize: '10', pages: '1' });
    }
    const groupMatch = /^\/api\/prompts\/groups\/([^/]+)$/.exec(pathname);
    if (groupMatch) {
      const group = state.groups.find((item) => item._id === groupMatch[1]);
      if (!group) return jsonResponse({ message: 'Prompt group not found' }, 404);
      if (call.method === 'PATCH') {
        Object.assign(group, body);
        return jsonResponse(group);
      }
      if (call.method === 'DELETE') {
        state.groups = state.groups.filter((item) => item !== group);
        state.versions = state.versions.filter((version) => version.groupId !== group._id);
        return jsonResponse({ message: 'Prompt group deleted successfully', id: group._id });
      }
      return jsonResponse(group);
    }
    if (pathname === '/api/prompts' && call.method === 'GET') {
      return jsonResponse(state.versions.filter((version) => version.groupId === url.searchParams.get('groupId')));
    }
    if (pathname === '/api/prompts' && call.method === 'POST') {
      const input = body.prompt as { prompt: string; groupId?: string };
      created += 1;
      const groupId = input.groupId ?? `new-group-${created}`;
      const prompt: Prompt = {
        _id: `new-${created}`,
        groupId,
        author: 'u1',
        prompt: input.prompt,
        type: 'text',
        labels: [],
        createdAt: `2026-02-0${created}T00:00:00.000Z`,
        updatedAt: `2026-02-0${created}T00:00:00.000Z`,
      };
      state.versions.unshift(prompt);
      return jsonResponse({ prompt, ...(input.groupId ? {} : { group: { _id: groupId } }) });
    }
    const production = /^\/api\/prompts\/([^/]+)\/tags\/production$/.exec(pathname);
    if (production) {
      const prompt = state.versions.find((version) => version._id === production[1]);
      const group = state.groups.find((item) => item._id === prompt?.groupId);
      if (group && prompt) group.productionId = prompt._id;
      return jsonResponse({ message: 'Prompt production made successfully' });
    }
    const single = /^\/api\/prompts\/([^/]+)$/.exec(pathname);
    if (single && call.method === 'DELETE') {
      state.versions = state.versions.filter((version) => version._id !== single[1]);
      const groupId = url.searchParams.get('groupId') ?? '';
      if (state.versions.some((version) => version.groupId === groupId)) return jsonResponse({ prompt: 'deleted' });
      state.groups = state.groups.filter((group) => group._id !== groupId);
      return jsonResponse({ prompt: 'deleted', promptGroup: { message: 'deleted', id: groupId } });
    }
    if (single) {
      const prompt = state.versions.find((version) => version._id === single[1]);
      return prompt ? jsonResponse(prompt) : jsonResponse({ message: 'Prompt not found' }, 404);
    }
    return jsonResponse({ message: 'not mocked' }, 500);
  });
  const writes = () => mock.calls.filter((call) => call.method !== 'GET');
  return { ...mock, writes };
}
