import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePromptBody,
  CreatePromptResult,
  DeletePromptResult,
  Prompt,
  PromptGroup,
  UpdatePromptGroupBody,
  UpdatePromptLabelsBody,
  UpdatePromptLabelsResult,
} from '@contract/prompts';
import { request } from '@/lib/api/request';
import { promptsKeys } from './prompts-keys';

const enc = encodeURIComponent;

/** After any change every prompt query is refetched: lists, groups, versions, cards, `/`. */
function useInvalidatePrompts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promptsKeys.all });
}

/** POST /api/prompts: a new group (with `group`) or a new version of `prompt.groupId`. */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrompts();
  return useMutation({
    mutationFn: (body: CreatePromptBody) => request<CreatePromptResult>('/api/prompts', { method: 'POST', json: body }),
    onSuccess: ({ prompt }) => {
      // The new version shows at once, before the group's versions are fetched again.
      queryClient.setQueryData<Prompt[]>(promptsKeys.versions(prompt.groupId), (versions) =>
        versions && !versions.some((version) => version._id === prompt._id) ? [prompt, ...versions] : versions,
      );
      return invalidate();
    },
  });
}

/** PATCH /api/prompts/groups/{id}: the answer replaces the cached group at once. */
export function useUpdatePromptGroup() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrompts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePromptGroupBody }) =>
      request<PromptGroup>(`/api/prompts/groups/${enc(id)}`, { method: 'PATCH', json: body }),
    onSuccess: (group) => {
      queryClient.setQueryData(promptsKeys.group(group._id), group);
      return invalidate();
    },
  });
}

/** DELETE /api/prompts/groups/{id}: the group and every version. */
export function useDeletePromptGroup() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrompts();
  return useMutation({
    mutationFn: (id: string) => request<{ message: string }>(`/api/prompts/groups/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: promptsKeys.group(id) });
      return invalidate();
    },
  });
}

/** DELETE /api/prompts/{id}?groupId=: answers `promptGroup` when the group went with its last version. */
export function useDeletePrompt() {
  const invalidate = useInvalidatePrompts();
  return useMutation({
    mutationFn: ({ id, groupId }: { id: string; groupId: string }) =>
      request<DeletePromptResult>(`/api/prompts/${enc(id)}?groupId=${enc(groupId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/**
 * PATCH /api/prompts/{id}/tags/production. The group shows the new production version at once;
 * a refusal puts the previous one back.
 */
export function useMakePromptProduction() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrompts();
  return useMutation({
    mutationFn: (prompt: Pick<Prompt, '_id' | 'groupId'>) =>
      request<{ message: string }>(`/api/prompts/${enc(prompt._id)}/tags/production`, { method: 'PATCH' }),
    onMutate: async (prompt) => {
      const key = promptsKeys.group(prompt.groupId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PromptGroup>(key);
      if (previous) queryClient.setQueryData<PromptGroup>(key, { ...previous, productionId: prompt._id });
      return { previous };
    },
    onError: (_error, prompt, context) => {
      if (context?.previous) queryClient.setQueryData(promptsKeys.group(prompt.groupId), context.previous);
    },
    onSettled: invalidate,
  });
}

/** PATCH /api/prompts/{id}/labels: replaces a version's labels. */
export function useUpdatePromptLabels() {
  const invalidate = useInvalidatePrompts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePromptLabelsBody }) =>
      request<UpdatePromptLabelsResult>(`/api/prompts/${enc(id)}/labels`, { method: 'PATCH', json: body }),
    onSuccess: invalidate,
  });
}
