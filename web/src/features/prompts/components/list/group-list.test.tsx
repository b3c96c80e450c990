import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PromptGroup } from '@contract/prompts';
import { promptGroupFixture } from '@/shared/prompts/testing/prompt-fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { mockPromptsApi } from '../../testing/prompts-api';
import { renderPrompts } from '../../testing/render-prompts';

const groupsOn = (page: number) =>
  Array.from({ length: 2 }, (_, index) =>
    promptGroupFixture({ _id: `g${page}-${index}`, name: `Prompt ${page}.${index}` }),
  );

/** Three pages of groups; the page number and filters come back as asked. */
function pagedApi(pages = 3, empty = false) {
  const listCalls: URLSearchParams[] = [];
  const api = mockPromptsApi({
    groups: [],
    versions: [],
    override: (call) => {
      const url = new URL(call.url, 'http://test');
      if (url.pathname !== '/api/prompts/groups') return undefined;
      listCalls.push(url.searchParams);
      const page = Number(url.searchParams.get('pageNumber'));
      const promptGroups: PromptGroup[] = empty ? [] : groupsOn(page);
      return jsonResponse({ promptGroups, pageNumber: String(page), pageSize: '10', pages: String(pages) });
    },
  });
  return { api, listCalls };
}

describe('the prompt list', () => {
  it('shows ten skeleton rows while the first page loads, then the page', async () => {
    pagedApi();
    renderPrompts();
    expect(screen.getAllByTestId('prompt-skeleton')).toHaveLength(10);
    expect(await screen.findByRole('link', { name: /Prompt 1\.0/ }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/d/prompts/g1-0',
    );
    expect(screen.getByText('Select or Create a Prompt')).toBeInTheDocument();
  });

  it('pages forward and back, and a new filter starts again at page one', async () => {
    const { listCalls } = pagedApi();
    const { events } = renderPrompts();
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await events.click(screen.getByRole('button', { name: 'Next' }));
    await events.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Prompt 3.0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await events.selectOptions(await screen.findByRole('combobox', { name: 'Filter by category' }), 'write');
    await screen.findByText('Page 1 of 3');
    const last = listCalls.at(-1);
    expect(last?.get('pageNumber')).toBe('1');
    expect(last?.get('category')).toBe('write');
  });

  it('searches by name once typing has paused', async () => {
    const { listCalls } = pagedApi();
    const { events } = renderPrompts();
    await screen.findByText('Page 1 of 3');
    await events.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    const before = listCalls.length;
    const typedAt = Date.now();
    await events.type(screen.getByRole('searchbox', { name: 'Search prompts by name' }), 'sum');
    // Each key alone asks nothing: only the settled name does, and from page one.
    expect(listCalls.slice(before).some((params) => params.has('name'))).toBe(false);
    await waitFor(() => expect(listCalls.at(-1)?.get('name')).toBe('sum'), { timeout: 3000 });
    // 850 ms after the last key (a little slack for the timer's start).
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(800);
    expect(listCalls.slice(before).filter((params) => params.has('name'))).toHaveLength(1);
    expect(listCalls.at(-1)?.get('pageNumber')).toBe('1');
  });

  it('says when nothing matches', async () => {
    pagedApi(1, true);
    renderPrompts();
    expect(await screen.findByText('No prompts match.')).toBeInTheDocument();
  });

  it('offers the create button only to roles that may create', async () => {
    pagedApi();
    renderPrompts({ prompts: { CREATE: false } });
    await screen.findByText('Page 1 of 3');
    expect(screen.queryByRole('link', { name: 'Create Prompt' })).not.toBeInTheDocument();
  });

  it('links to the new prompt page for roles that may create', async () => {
    pagedApi();
    const { events, router } = renderPrompts();
    await events.click(await screen.findByRole('link', { name: 'Create Prompt' }));
    expect(router.state.location.pathname).toBe('/d/prompts/new');
  });
});
