import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { Agent } from '@contract/agents';
import type { PromptGroupSummary } from '@contract/prompts';
import { ToastProvider } from '@/components/ui/toast-provider';
import { agentListFixture } from '@/shared/agents/testing/agent-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { Composer } from '../../composer/composer';
import { renderWithSetup, type SetupTestOptions } from '../../setup/testing/render-setup';
import type { AddedModel } from '../../stream/added-run';
import { ComposerCommands } from '../composer-commands';

/** A prompt group as GET /api/prompts/all lists it. */
export const promptGroupFixture = (overrides: Partial<PromptGroupSummary> = {}): PromptGroupSummary => ({
  _id: 'group-1',
  name: 'Summarise',
  oneliner: 'Short summary of a text',
  category: '',
  author: 'u1',
  authorName: 'Ada',
  command: 'summary',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  productionPrompt: { prompt: 'Summarise this in three bullet points:' },
  ...overrides,
});

interface RenderCommandsOptions extends SetupTestOptions {
  prompts?: PromptGroupSummary[];
  /** Passed to the commands: a `/` prompt with variables goes here. */
  withVariablesForm?: boolean;
  /** Passed to the commands: a model chosen from the `+` list goes to `onAddModel`. */
  withAddModel?: boolean;
  /** GET /api/agents answers these (the endpoints must offer `agents` for them to be listed). */
  agents?: Agent[];
}

/**
 * The composer with its commands, inside the chat setup (startup config, endpoints, models,
 * presets and role in the cache); prompts and anything else come from a mocked fetch.
 */
export function renderCommands(options: RenderCommandsOptions = {}) {
  const server = mockFetch((call) => {
    if (call.url === '/api/prompts/all') return jsonResponse(options.prompts ?? []);
    if (call.url.startsWith('/api/agents?')) return jsonResponse(agentListFixture(options.agents ?? []));
    return jsonResponse({ message: 'Not found' }, 404);
  });
  const onSubmit = vi.fn<(text: string) => void>();
  const onPromptWithVariables = vi.fn<(text: string) => void>();
  const onAddModel = vi.fn<(added: AddedModel) => void>();
  const view = renderWithSetup(
    <ToastProvider>
      <Composer
        conversationId="convo-1"
        onSubmit={onSubmit}
        onStop={() => undefined}
        isSubmitting={false}
        placeholder="Message"
        commands={
          <ComposerCommands
            {...(options.withVariablesForm ? { onPromptWithVariables } : {})}
            {...(options.withAddModel ? { onAddModel } : {})}
          />
        }
      />
    </ToastProvider>,
    options,
  );
  const textbox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message input' });
  return { ...view, server, onSubmit, onPromptWithVariables, onAddModel, textbox };
}
