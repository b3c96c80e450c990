import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { modelsFixture } from '@/testing/chat-setup-fixtures';
import { currentSetup, renderWithSetup } from '../testing/render-setup';
import { ModelSelect } from './model-select';

const manyModels = (count: number) =>
  Array.from({ length: count }, (_, index) => `model-${String(index + 1).padStart(2, '0')}`);

function renderModels(models: string[]) {
  return renderWithSetup(<ModelSelect />, {
    models: { ...modelsFixture, openAI: models },
    initial: { endpoint: 'openAI', endpointType: 'openAI', model: models[0] },
  });
}

describe('ModelSelect', () => {
  it('lists the endpoint models without a search box up to 10 options', async () => {
    const { events } = renderModels(manyModels(10));
    await events.click(screen.getByRole('button', { name: 'Model: model-01' }));
    const list = screen.getByRole('listbox', { name: 'Model' });
    expect(within(list).getAllByRole('option')).toHaveLength(10);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(list).toHaveFocus();
  });

  it('adds a search box above 10 options that filters the list', async () => {
    const { events } = renderModels(manyModels(11));
    await events.click(screen.getByRole('button', { name: 'Model: model-01' }));
    const search = screen.getByRole('combobox', { name: 'Search models' });
    expect(search).toHaveFocus();
    await events.type(search, '1');
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['model-01', 'model-10', 'model-11']);
    await events.type(search, '1');
    await events.keyboard('{Enter}');
    expect(currentSetup()).toMatchObject({ model: 'model-11' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says so when the search matches nothing', async () => {
    const { events } = renderModels(manyModels(12));
    await events.click(screen.getByRole('button', { name: /^Model:/ }));
    await events.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No models found');
  });

  it('works from the keyboard alone: open, move, pick, and Escape returns focus', async () => {
    const { events } = renderModels(['gpt-4o', 'gpt-4o-mini', 'o3-mini']);
    const button = screen.getByRole('button', { name: 'Model: gpt-4o' });
    button.focus();
    await events.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox');
    expect(list).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: 'gpt-4o' }).id);
    await events.keyboard('{ArrowDown}{ArrowDown}');
    expect(list).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: 'o3-mini' }).id);
    await events.keyboard('{ArrowDown}');
    expect(list).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: 'gpt-4o' }).id);
    await events.keyboard('{End}{Enter}');
    expect(currentSetup()).toMatchObject({ model: 'o3-mini' });
    expect(screen.getByRole('button', { name: 'Model: o3-mini' })).toHaveFocus();

    await events.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Model: o3-mini' })).toHaveFocus();
    expect(currentSetup()).toMatchObject({ model: 'o3-mini' });
  });

  it('marks the chosen model as selected and keeps a model the endpoint no longer lists', async () => {
    const { events } = renderWithSetup(<ModelSelect />, { initial: { endpoint: 'openAI', model: 'gpt-4-0314' } });
    await events.click(screen.getByRole('button', { name: 'Model: gpt-4-0314' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['gpt-4-0314', 'gpt-4o', 'gpt-4o-mini', 'o3-mini']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('aria-selected', 'false');
  });

  it('leaves the model spec when a model is picked by hand', async () => {
    const { events } = renderWithSetup(<ModelSelect />, {
      initial: { endpoint: 'openAI', model: 'gpt-4o', spec: 'house' },
    });
    await events.click(screen.getByRole('button', { name: 'Model: gpt-4o' }));
    await events.click(screen.getByRole('option', { name: 'o3-mini' }));
    expect(currentSetup()).toMatchObject({ model: 'o3-mini', spec: null });
  });
});
