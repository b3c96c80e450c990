import { describe, expect, it } from 'vitest';
import { ANTHROPIC_PARAMETER_RANGES, MAX_STOP_SEQUENCES, OPENAI_PARAMETER_RANGES } from '@contract/model-parameters';
import {
  addStopSequence,
  clampToRange,
  displayedNumber,
  hasSlider,
  imageDetailAt,
  imageDetailPosition,
  parseNumberInput,
  removeStopSequence,
  roundToStepPrecision,
  stepDecimals,
  stopSequencesOf,
  toNumber,
} from './parameter-values';

const temperature = OPENAI_PARAMETER_RANGES.temperature;
const topK = ANTHROPIC_PARAMETER_RANGES.topK;

describe('toNumber', () => {
  it.each([
    [1.5, 1.5],
    ['0.7', 0.7],
    [' 2 ', 2],
    ['-3', -3],
    ['1e3', 1000],
  ])('reads %j as %j', (raw, expected) => expect(toNumber(raw)).toBe(expected));

  it.each([[''], ['   '], ['abc'], ['1.2.3'], [NaN], [Infinity], [null], [undefined], [true], [[1]], ['Infinity']])(
    'reads %j as unset',
    (raw) => expect(toNumber(raw)).toBeUndefined(),
  );
});

describe('clampToRange', () => {
  it('keeps values inside and moves others to the nearest bound', () => {
    expect(clampToRange(1.2, temperature)).toBe(1.2);
    expect(clampToRange(-1, temperature)).toBe(0);
    expect(clampToRange(9, temperature)).toBe(2);
    expect(clampToRange(2, temperature)).toBe(2);
  });
});

describe('parseNumberInput', () => {
  it('treats blank as unset, so the default applies again', () => {
    expect(parseNumberInput('', temperature)).toEqual({ status: 'unset' });
    expect(parseNumberInput('  ', temperature)).toEqual({ status: 'unset' });
    expect(parseNumberInput(undefined, temperature)).toEqual({ status: 'unset' });
    expect(parseNumberInput(null, temperature)).toEqual({ status: 'unset' });
  });

  it('accepts numbers and numeric strings and clamps them', () => {
    expect(parseNumberInput('0.55', temperature)).toEqual({ status: 'value', value: 0.55 });
    expect(parseNumberInput(3, temperature)).toEqual({ status: 'value', value: 2 });
    expect(parseNumberInput('-0.5', temperature)).toEqual({ status: 'value', value: 0 });
  });

  it('does not snap to the step (a typed 0.555 stays 0.555, as the server keeps it)', () => {
    expect(parseNumberInput('0.555', temperature)).toEqual({ status: 'value', value: 0.555 });
  });

  it('rounds integer parameters after clamping', () => {
    expect(parseNumberInput('3.6', topK, true)).toEqual({ status: 'value', value: 4 });
    expect(parseNumberInput('99', topK, true)).toEqual({ status: 'value', value: 40 });
  });

  it('reports text that is not a number as invalid', () => {
    expect(parseNumberInput('warm', temperature)).toEqual({ status: 'invalid' });
    expect(parseNumberInput({}, temperature)).toEqual({ status: 'invalid' });
  });
});

describe('displayedNumber', () => {
  it('shows the stored value clamped to the current range', () => {
    expect(displayedNumber(5, temperature)).toBe(2);
    expect(displayedNumber('0.3', temperature)).toBe(0.3);
  });

  it('shows the default when unset, and nothing when the range has none', () => {
    expect(displayedNumber(undefined, temperature)).toBe(1);
    expect(displayedNumber('', OPENAI_PARAMETER_RANGES.max_tokens)).toBeUndefined();
  });
});

describe('slider helpers', () => {
  it('knows the decimals of a step', () => {
    expect(stepDecimals(0.01)).toBe(2);
    expect(stepDecimals(1)).toBe(0);
    expect(stepDecimals(100)).toBe(0);
    expect(stepDecimals(1e-7)).toBe(7);
  });

  it('removes float noise without snapping to the grid', () => {
    expect(roundToStepPrecision(0.1 + 0.2, 0.01)).toBe(0.3);
    expect(roundToStepPrecision(1.999999, 1)).toBe(2);
  });

  it('gives bounded ranges a slider and unbounded ones only the box', () => {
    expect(hasSlider(temperature)).toBe(true);
    expect(hasSlider(ANTHROPIC_PARAMETER_RANGES.thinkingBudget)).toBe(true);
    expect(hasSlider(OPENAI_PARAMETER_RANGES.max_tokens)).toBe(false);
  });
});

describe('image detail', () => {
  it('maps 0..2 to low, auto, high and back', () => {
    expect([0, 1, 2].map(imageDetailAt)).toEqual(['low', 'auto', 'high']);
    expect(['low', 'auto', 'high'].map(imageDetailPosition)).toEqual([0, 1, 2]);
  });

  it('clamps, rounds and defaults to auto', () => {
    expect(imageDetailAt(7)).toBe('high');
    expect(imageDetailAt(-1)).toBe('low');
    expect(imageDetailAt('1.4')).toBe('auto');
    expect(imageDetailAt('x')).toBe('auto');
    expect(imageDetailPosition(undefined)).toBe(1);
    expect(imageDetailPosition('ultra')).toBe(1);
  });
});

describe('stop sequences', () => {
  it('adds what was typed, spaces included', () => {
    expect(addStopSequence([], ' ')).toEqual([' ']);
    expect(addStopSequence(['a'], 'User:')).toEqual(['a', 'User:']);
  });

  it('refuses empty entries, duplicates and a fifth one (returning the same list)', () => {
    const full = ['a', 'b', 'c', 'd'];
    expect(full).toHaveLength(MAX_STOP_SEQUENCES);
    expect(addStopSequence(full, 'e')).toBe(full);
    const one = ['a'];
    expect(addStopSequence(one, '')).toBe(one);
    expect(addStopSequence(one, 'a')).toBe(one);
  });

  it('removes by position and ignores positions out of the list', () => {
    expect(removeStopSequence(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    const list = ['a'];
    expect(removeStopSequence(list, 3)).toBe(list);
    expect(removeStopSequence(list, -1)).toBe(list);
  });

  it('reads a stored list defensively', () => {
    expect(stopSequencesOf(['a', '', 3, 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd']);
    expect(stopSequencesOf('a,b')).toEqual([]);
    expect(stopSequencesOf(undefined)).toEqual([]);
  });
});
