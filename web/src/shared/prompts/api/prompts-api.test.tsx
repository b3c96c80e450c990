import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { queryWrapper } from '@/testing/query-wrapper';
import { PromptVariablesDialog, usePromptGroupsAll } from '../index';
import { promptFixture, promptGroupFixture } from '../testing/prompt-fixtures';
import { useDeletePromptGroup, useUpdatePromptLabels } from './prompt-mutations';
import { promptsKeys } from './prompts-keys';

describe('the prompt library hooks', () => {
  it('exports the `/` command list and the variable form for the composer', async () => {
    expect(typeof PromptVariablesDialog).toBe('function');
    const summary = { ...promptGroupFixture(), productionPrompt: { prompt: 'Hi' } };
    const { calls } = mockFetch(() => jsonResponse([summary]));
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => usePromptGroupsAll(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([summary]));
    expect(calls[0]?.url).toBe('/api/prompts/all');
  });

  it('deletes a group and drops it from the cache', async () => {
    const { calls } = mockFetch(() => jsonResponse({ message: 'deleted' }));
    const { wrapper, queryClient } = queryWrapper();
    queryClient.setQueryData(promptsKeys.group('g1'), promptGroupFixture());
    const { result } = renderHook(() => useDeletePromptGroup(), { wrapper });
    await act(() => result.current.mutateAsync('g1'));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/prompts/groups/g1');
    expect(queryClient.getQueryState(promptsKeys.group('g1'))).toBeUndefined();
  });

  it('replaces a version’s labels', async () => {
    const { calls } = mockFetch(() => jsonResponse({ message: 'ok', prompt: promptFixture({ labels: ['draft'] }) }));
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useUpdatePromptLabels(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 'p1', body: { labels: ['draft'] } }));
    expect(calls[0]).toMatchObject({ url: '/api/prompts/p1/labels', method: 'PATCH', body: '{"labels":["draft"]}' });
  });
});
