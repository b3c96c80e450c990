import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@contract/config';
import type {
  ListPromptGroupsQuery,
  Prompt,
  PromptGroup,
  PromptGroupPage,
  PromptGroupSummary,
  RandomPrompts,
} from '@contract/prompts';
import { request } from '@/lib/api/request';
import { promptsKeys } from './prompts-keys';

const enc = encodeURIComponent;

/** GET /api/prompts/groups: one page of the groups the user may see, newest first. */
export function listPromptGroups(query: ListPromptGroupsQuery): Promise<PromptGroupPage> {
  const params = new URLSearchParams({ pageNumber: String(query.pageNumber), pageSize: String(query.pageSize) });
  if (query.name) params.set('name', query.name);
  if (query.category) params.set('category', query.category);
  return request<PromptGroupPage>(`/api/prompts/groups?${params.toString()}`);
}

/** The page asked for; the previous page stays on screen while the next one loads. */
export const usePromptGroupPage = (query: ListPromptGroupsQuery, enabled = true) =>
  useQuery({
    queryKey: promptsKeys.groupPage(query),
    queryFn: () => listPromptGroups(query),
    enabled,
    placeholderData: keepPreviousData,
  });

/** GET /api/prompts/all: every group the user may use (the `/` command filters it as they type). */
export const usePromptGroupsAll = (enabled = true) =>
  useQuery({
    queryKey: promptsKeys.allGroups,
    queryFn: () => request<PromptGroupSummary[]>('/api/prompts/all'),
    enabled,
    staleTime: 60_000,
  });

export const promptGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: promptsKeys.group(id),
    queryFn: () => request<PromptGroup>(`/api/prompts/groups/${enc(id)}`),
  });

/** GET /api/prompts/groups/{id}. */
export const usePromptGroup = (id: string | undefined) =>
  useQuery({ ...promptGroupQueryOptions(id ?? ''), enabled: Boolean(id) });

/** GET /api/prompts?groupId=: a group's versions, newest first. */
export const usePromptVersions = (groupId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: promptsKeys.versions(groupId ?? ''),
    queryFn: () => request<Prompt[]>(`/api/prompts?groupId=${enc(groupId ?? '')}`),
    enabled: enabled && Boolean(groupId),
  });

/** GET /api/prompts/{id}: one version (the production text a reader of a shared group sees). */
export const usePrompt = (id: string | null | undefined, enabled = true) =>
  useQuery({
    queryKey: promptsKeys.prompt(id ?? ''),
    queryFn: () => request<Prompt>(`/api/prompts/${enc(id ?? '')}`),
    enabled: enabled && Boolean(id),
  });

/** GET /api/prompts/random: a few groups for the chat page's cards. */
export const useRandomPrompts = (limit: number, enabled = true) =>
  useQuery({
    queryKey: promptsKeys.random(limit),
    queryFn: () => request<RandomPrompts>(`/api/prompts/random?limit=${limit}&skip=0`),
    enabled,
    // The cards change when the page is opened again, not while it is on screen.
    staleTime: 5 * 60_000,
  });

/** GET /api/categories: the prompt categories (labels are translation keys). */
export const useCategories = () =>
  useQuery({
    queryKey: promptsKeys.categories,
    queryFn: () => request<Category[]>('/api/categories'),
    staleTime: Infinity,
  });
