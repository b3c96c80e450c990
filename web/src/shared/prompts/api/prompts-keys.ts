import type { ListPromptGroupsQuery } from '@contract/prompts';

/**
 * Query keys of the prompt library. Every change invalidates `all` (lists, groups, versions,
 * the `/` command's list and the chat cards), except where a mutation writes the answer in.
 */
export const promptsKeys = {
  all: ['prompts'] as const,
  groupPages: ['prompts', 'groups'] as const,
  groupPage: (query: ListPromptGroupsQuery) => ['prompts', 'groups', query] as const,
  allGroups: ['prompts', 'all'] as const,
  group: (id: string) => ['prompts', 'group', id] as const,
  versions: (groupId: string) => ['prompts', 'versions', groupId] as const,
  prompt: (id: string) => ['prompts', 'prompt', id] as const,
  random: (limit: number) => ['prompts', 'random', limit] as const,
  categories: ['prompts', 'categories'] as const,
};
