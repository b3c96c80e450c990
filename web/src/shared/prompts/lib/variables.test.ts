import { describe, expect, it } from 'vitest';
import { appFilledValues, extractVariables, fillVariables, needsVariableForm, variableNames } from './variables';

describe('extractVariables', () => {
  it('finds text and dropdown variables, each once, in order of appearance', () => {
    const text = 'Write {{tone:formal|casual}} text about {{ topic }} for {{topic}} and {{tone:formal|casual}}.';
    expect(extractVariables(text)).toEqual([
      { key: 'tone:formal|casual', name: 'tone', options: ['formal', 'casual'] },
      { key: 'topic', name: 'topic', options: [] },
    ]);
  });

  it('leaves out the variables the app fills in, whatever their case', () => {
    const text = 'On {{current_date}} ({{ISO_DATETIME}}, {{current_datetime}}) {{current_user}} asks about {{x}}';
    expect(extractVariables(text).map((variable) => variable.key)).toEqual(['x']);
    expect(needsVariableForm('Today is {{current_date}}')).toBe(false);
    expect(needsVariableForm('About {{x}}')).toBe(true);
  });

  it('ignores single braces and empty placeholders', () => {
    expect(extractVariables('{x} {{}} {{ }} plain')).toEqual([]);
  });
});

describe('variableNames', () => {
  it('names every variable once, the app-filled ones included', () => {
    expect(variableNames('{{a}} {{b:x|y}} {{a}} {{current_user}}')).toEqual(['a', 'b', 'current_user']);
  });
});

describe('fillVariables', () => {
  const now = new Date(2026, 0, 5, 9, 3, 7);
  const app = appFilledValues(now, 'Ada');

  it('puts values in every occurrence and leaves empty ones as written', () => {
    const text = 'Hi {{name}}, {{name}}! Mood: {{mood:good|bad}}. {{left}}';
    expect(fillVariables(text, { name: 'Bo', 'mood:good|bad': 'good', left: '' }, app)).toBe(
      'Hi Bo, Bo! Mood: good. {{left}}',
    );
  });

  it('fills the app variables with the date, time and user', () => {
    expect(app.current_date).toBe('2026-01-05 (Monday)');
    expect(app.current_datetime).toBe('2026-01-05 09:03:07 (Monday)');
    expect(app.iso_datetime).toBe(now.toISOString());
    expect(fillVariables('{{current_user}} on {{Current_Date}}', {}, app)).toBe('Ada on 2026-01-05 (Monday)');
  });
});
