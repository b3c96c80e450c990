import { describe, expect, it } from 'vitest';
import { presetFixture } from '../testing/presets-fixtures';
import { presetToSetup, setupToPresetBody } from './preset-setup';

describe('preset ↔ setup', () => {
  it('a preset applies its option fields only', () => {
    const preset = presetFixture({
      title: 'T',
      defaultPreset: true,
      order: 0,
      temperature: 0.3,
      stop: ['END'],
      spec: 'fast',
    });
    expect(presetToSetup(preset)).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.3,
      stop: ['END'],
      spec: 'fast',
    });
  });

  it('a setup saves without the conversation-only fields, under a trimmed name', () => {
    const setup = { endpoint: 'google', model: 'gemini', topK: 40, isTemporary: true, title: 'Chat title' };
    expect(setupToPresetBody(setup, '  Mine ')).toEqual({
      endpoint: 'google',
      model: 'gemini',
      topK: 40,
      title: 'Mine',
    });
    expect(setupToPresetBody(setup, 'Mine', true)).toMatchObject({ defaultPreset: true });
  });
});
