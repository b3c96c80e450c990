import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatSetup } from '@/shared/conversation/types';
import { currentSetup, renderWithSetup } from '../../testing/render-setup';
import { ParametersButton } from './parameters-button';

async function openPanel(initial: ChatSetup) {
  const view = renderWithSetup(<ParametersButton />, { initial });
  await view.events.click(screen.getByRole('button', { name: 'Model parameters' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Model parameters' }) };
}

const openAI: ChatSetup = { endpoint: 'openAI', endpointType: 'openAI', model: 'gpt-4o' };

describe('ParametersPanel', { timeout: 20_000 }, () => {
  it("shows the OpenAI table's sliders with their ranges and defaults", async () => {
    const { dialog } = await openPanel(openAI);
    const temperature = within(dialog).getByRole('slider', { name: 'Temperature' });
    expect(temperature).toHaveAttribute('min', '0');
    expect(temperature).toHaveAttribute('max', '2');
    expect(temperature).toHaveAttribute('step', '0.01');
    expect(temperature).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Temperature' })).toHaveValue('1');
    expect(within(dialog).getByRole('slider', { name: 'Top P' })).toHaveAttribute('max', '1');
    expect(within(dialog).getByRole('slider', { name: 'Presence penalty' })).toHaveValue('0');
    // No usable upper bound: a box without a slider.
    expect(within(dialog).queryByRole('slider', { name: 'Max output tokens' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Max output tokens' })).toHaveValue('');
    expect(within(dialog).queryByLabelText('Reasoning effort')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Resend files' })).toHaveAttribute('aria-checked', 'true');
  });

  it('accepts numeric text, clamps it, and resets to the default when blanked', async () => {
    const { dialog, events } = await openPanel(openAI);
    const box = within(dialog).getByRole('textbox', { name: 'Temperature' });
    await events.clear(box);
    await events.type(box, '5{Enter}');
    expect(currentSetup()).toMatchObject({ temperature: 2 });
    expect(box).toHaveValue('2');

    await events.clear(box);
    await events.type(box, ' 0.35 ');
    await events.tab();
    expect(currentSetup()).toMatchObject({ temperature: 0.35 });

    await events.clear(box);
    await events.type(box, 'warm{Enter}');
    expect(currentSetup()).toMatchObject({ temperature: 0.35 });
    expect(box).toHaveValue('0.35');

    await events.clear(box);
    await events.type(box, '{Enter}');
    expect(currentSetup().temperature).toBeUndefined();
    expect(box).toHaveValue('1');
  });

  it('rounds integer parameters and has a reset button while a value is set', async () => {
    const { dialog, events } = await openPanel(openAI);
    const box = within(dialog).getByRole('textbox', { name: 'Max output tokens' });
    await events.type(box, '99.6{Enter}');
    expect(currentSetup()).toMatchObject({ max_tokens: 100 });
    await events.click(within(dialog).getByRole('button', { name: 'Reset Max output tokens to its default' }));
    expect(currentSetup().max_tokens).toBeUndefined();
    expect(
      within(dialog).queryByRole('button', { name: 'Reset Max output tokens to its default' }),
    ).not.toBeInTheDocument();
  });

  it('moves values with the slider, free of float noise', async () => {
    const { dialog } = await openPanel(openAI);
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Top P' }), {
      target: { value: '0.30000000000000004' },
    });
    expect(currentSetup()).toMatchObject({ top_p: 0.3 });
  });

  it('stores image detail as its level', async () => {
    const { dialog } = await openPanel(openAI);
    const slider = within(dialog).getByRole('slider', { name: 'Image detail' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Auto');
    fireEvent.change(slider, { target: { value: '2' } });
    expect(currentSetup()).toMatchObject({ imageDetail: 'high' });
  });

  it('offers reasoning effort for reasoning models', async () => {
    const { dialog, events } = await openPanel({ ...openAI, model: 'o3-mini' });
    const effort = within(dialog).getByRole('combobox', { name: 'Reasoning effort' });
    await events.selectOptions(effort, 'high');
    expect(currentSetup()).toMatchObject({ reasoning_effort: 'high' });
    await events.selectOptions(effort, '');
    expect(currentSetup().reasoning_effort).toBeUndefined();
  });

  it('edits stop sequences as up to four tags', async () => {
    const { dialog, events } = await openPanel(openAI);
    const box = within(dialog).getByRole('textbox', { name: 'Stop sequences' });
    await events.type(box, 'User:{Enter}END{Enter}END{Enter}{Enter}');
    expect(currentSetup()).toMatchObject({ stop: ['User:', 'END'] });
    await events.type(box, '###{Enter}@@{Enter}more{Enter}');
    expect(currentSetup()).toMatchObject({ stop: ['User:', 'END', '###', '@@'] });
    expect(box).toHaveAttribute('placeholder', 'Limit reached');

    await events.type(box, '{Backspace}');
    expect(currentSetup()).toMatchObject({ stop: ['User:', 'END', '###'] });
    await events.click(within(dialog).getByRole('button', { name: 'Remove stop sequence END' }));
    expect(currentSetup()).toMatchObject({ stop: ['User:', '###'] });
    await events.click(within(dialog).getByRole('button', { name: 'Remove stop sequence User:' }));
    await events.click(within(dialog).getByRole('button', { name: 'Remove stop sequence ###' }));
    expect(currentSetup().stop).toBeUndefined();
  });

  it("gives Anthropic its table, and the legacy model's output cap", async () => {
    const { dialog } = await openPanel({
      endpoint: 'anthropic',
      endpointType: 'anthropic',
      model: 'claude-3-haiku-20240307',
      maxOutputTokens: 8000,
    });
    expect(within(dialog).getByRole('slider', { name: 'Temperature' })).toHaveAttribute('max', '1');
    const output = within(dialog).getByRole('slider', { name: 'Max output tokens' });
    expect(output).toHaveAttribute('max', '4096');
    expect(within(dialog).getByRole('textbox', { name: 'Max output tokens' })).toHaveValue('4096');
    expect(within(dialog).getByRole('slider', { name: 'Top K' })).toHaveValue('5');
    expect(within(dialog).getByRole('switch', { name: 'Use prompt caching' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the thinking budget only while thinking is on', async () => {
    const { dialog, events } = await openPanel({
      endpoint: 'anthropic',
      endpointType: 'anthropic',
      model: 'claude-3-7-sonnet-latest',
    });
    const budget = within(dialog).getByRole('slider', { name: 'Thinking budget' });
    expect(budget).toHaveAttribute('min', '1024');
    expect(budget).toHaveAttribute('step', '100');
    expect(budget).toHaveValue('2000');
    await events.click(within(dialog).getByRole('switch', { name: 'Thinking' }));
    expect(currentSetup()).toMatchObject({ thinking: false });
    expect(within(dialog).queryByRole('slider', { name: 'Thinking budget' })).not.toBeInTheDocument();
  });

  it('gives Google and Bedrock their tables, with Bedrock region', async () => {
    const google = await openPanel({ endpoint: 'google', endpointType: 'google', model: 'gemini-1.5-pro' });
    expect(within(google.dialog).getByRole('slider', { name: 'Max output tokens' })).toHaveAttribute('max', '64000');
    expect(within(google.dialog).getByRole('slider', { name: 'Top K' })).toHaveAttribute('max', '40');
    google.unmount();

    const bedrock = await openPanel({
      endpoint: 'bedrock',
      endpointType: 'bedrock',
      model: 'anthropic.claude-3-7-sonnet-20250219-v1:0',
    });
    expect(within(bedrock.dialog).getByRole('slider', { name: 'Top K' })).toHaveAttribute('max', '500');
    await bedrock.events.type(within(bedrock.dialog).getByRole('textbox', { name: 'AWS region' }), 'eu-west-1');
    expect(currentSetup()).toMatchObject({ region: 'eu-west-1' });
  });

  it('sets custom instructions, and unsets them when emptied', async () => {
    const { dialog, events } = await openPanel(openAI);
    const instructions = within(dialog).getByRole('textbox', { name: 'Custom instructions' });
    await events.type(instructions, 'Be brief');
    expect(currentSetup()).toMatchObject({ promptPrefix: 'Be brief' });
    await events.clear(instructions);
    expect(currentSetup().promptPrefix).toBeUndefined();
  });

  it('resets the whole table at once, keeping endpoint and model', async () => {
    const { dialog, events } = await openPanel({
      ...openAI,
      temperature: 0.2,
      top_p: 0.5,
      stop: ['x'],
      promptPrefix: 'p',
    });
    await events.click(within(dialog).getByRole('button', { name: 'Reset all' }));
    const { temperature, top_p, stop, promptPrefix, ...rest } = currentSetup();
    expect([temperature, top_p, stop, promptPrefix]).toEqual([undefined, undefined, undefined, undefined]);
    expect(rest).toEqual(openAI);
  });
});
