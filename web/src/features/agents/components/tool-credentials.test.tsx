import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { I18nProvider } from '@/lib/i18n/react';
import { createQueryClient } from '@/lib/react-query';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import '../agents-i18n';
import type { AgentTool } from '../api/tools';
import { ToolsDialog } from './tools-dialog';

const tavily = (authenticated: boolean): AgentTool => ({
  name: 'Tavily Search',
  pluginKey: 'tavily_search_results_json',
  description: 'Web search.',
  authConfig: [{ authField: 'TAVILY_API_KEY', label: 'Tavily API Key', description: 'From app.tavily.com.' }],
  ...(authenticated ? { authenticated: true } : {}),
});
const webSearch: AgentTool = {
  name: 'Web Search',
  pluginKey: 'web_search',
  authConfig: [
    {
      authField: 'SEARXNG_INSTANCE_URL||SERPER_API_KEY',
      label: 'SearXNG instance URL or Serper API key',
      description: 'Your SearXNG or a Serper key.',
    },
  ],
};
const calculator: AgentTool = { name: 'Calculator', pluginKey: 'calculator', authConfig: [], authenticated: true };

/** The tools API: the list reflects what was installed; `plugins` answers POST /api/user/plugins. */
function toolsApi(plugins: (call: FetchCall) => Response = () => new Response(null, { status: 200 })) {
  let installed = false;
  const api = mockFetch((call) => {
    if (call.url === '/api/agents/tools') return jsonResponse([calculator, tavily(installed), webSearch]);
    if (call.url === '/api/agents/tools/tavily_search_results_json/auth')
      return jsonResponse({ authenticated: installed, message: 'user_provided' });
    if (call.url === '/api/user/plugins') {
      const answer = plugins(call);
      if (answer.ok) installed = (JSON.parse(call.body ?? '{}') as { action: string }).action === 'install';
      return answer;
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return {
    ...api,
    posted: () => api.callsTo('/api/user/plugins').map((call) => JSON.parse(call.body ?? '') as unknown),
  };
}

function renderDialog() {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ToolsDialog open onClose={() => undefined} selected={[]} onChange={() => undefined} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return userEvent.setup();
}

const dialog = () => screen.findByRole('dialog', { name: 'Tools' });

describe('ToolsDialog: the user’s own keys', () => {
  it('asks for a tool’s key in a password field, installs it, and then offers to remove it', async () => {
    const api = toolsApi();
    const events = renderDialog();
    const tools = await dialog();
    await within(tools).findByRole('checkbox', { name: /Tavily Search/ });
    // The calculator needs nothing; the server-ready state is not asked about.
    expect(within(tools).queryByRole('button', { name: 'Add your key for Calculator' })).not.toBeInTheDocument();

    await events.click(within(tools).getByRole('button', { name: 'Add your key for Tavily Search' }));
    const form = within(tools).getByRole('form', { name: 'Your key for Tavily Search' });
    const input = within(form).getByLabelText('Tavily API Key');
    expect(input).toHaveAttribute('type', 'password');
    expect(within(form).getByText('From app.tavily.com.')).toBeInTheDocument();

    // Nothing is sent until the field is filled in.
    await events.click(within(form).getByRole('button', { name: 'Save key' }));
    expect(within(form).getByText('Fill in every setting before saving.')).toBeInTheDocument();
    expect(api.posted()).toEqual([]);

    await events.type(input, ' tvly-mine ');
    await events.click(within(form).getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(api.posted()).toEqual([
        {
          pluginKey: 'tavily_search_results_json',
          action: 'install',
          auth: { TAVILY_API_KEY: 'tvly-mine' },
          isEntityTool: true,
        },
      ]),
    );
    // The list is fetched again: the tool is ready, and the key can be removed.
    const remove = await within(tools).findByRole('button', { name: 'Remove my key for Tavily Search' });
    expect(within(tools).getByText('Runs with your own key.')).toBeInTheDocument();
    expect(within(tools).queryByRole('form', { name: 'Your key for Tavily Search' })).not.toBeInTheDocument();

    await events.click(remove);
    await within(tools).findByRole('button', { name: 'Add your key for Tavily Search' });
    expect(api.posted()[1]).toEqual({
      pluginKey: 'tavily_search_results_json',
      action: 'uninstall',
      isEntityTool: true,
    });
  });

  it('takes either alternative of a field, and shows the server’s refusal', async () => {
    const api = toolsApi(() => jsonResponse({ message: 'web_search has no setting named X' }, 400));
    const events = renderDialog();
    const tools = await dialog();
    await events.click(await within(tools).findByRole('button', { name: 'Add your key for Web Search' }));
    const form = within(tools).getByRole('form', { name: 'Your key for Web Search' });
    expect(within(form).getByRole('group', { name: 'SearXNG instance URL or Serper API key' })).toBeInTheDocument();
    await events.type(within(form).getByLabelText('SERPER_API_KEY'), 'serper-1');
    await events.click(within(form).getByRole('button', { name: 'Save key' }));
    expect(await within(form).findByText('web_search has no setting named X')).toBeInTheDocument();
    expect(api.posted()).toEqual([
      { pluginKey: 'web_search', action: 'install', auth: { SERPER_API_KEY: 'serper-1' }, isEntityTool: true },
    ]);
    expect(within(form).getByLabelText('SERPER_API_KEY')).toHaveValue('serper-1');
  });
});
