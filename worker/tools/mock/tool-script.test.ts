import { describe, expect, it } from 'vitest';
import { parseDirectives } from './behaviour';
import { planToolTurn, splitToolDirectives } from './tool-script';

describe('splitToolDirectives', () => {
  it('takes repeated tool directives with JSON holding "]" and ":", and leaves the others in place', () => {
    const { script, rest } = splitToolDirectives(
      '[mock:delay=5][mock:tool=calc:{"input":"[1,2]: sum"}][mock:tool-rounds=2][mock:tool=get_t][mock:tool-split=3][mock:chunks=2] go',
    );
    expect(script).toEqual({
      calls: [
        { prefix: 'calc', args: '{"input":"[1,2]: sum"}' },
        { prefix: 'get_t', args: '{}' },
      ],
      rounds: 2,
      split: 3,
    });
    expect(rest).toBe('[mock:delay=5][mock:chunks=2] go');
    expect(parseDirectives(rest)).toEqual({ behaviour: { delayMs: 5, chunks: 2 }, rest: 'go', unknown: [] });
  });

  it('has no script without a tool directive, and leaves the message as it was', () => {
    expect(splitToolDirectives('[mock:text=Hi] there')).toEqual({ script: undefined, rest: '[mock:text=Hi] there' });
    expect(splitToolDirectives('say [mock:tool=calc:{}]').script).toBeUndefined();
  });
});

describe('planToolTurn', () => {
  const script = {
    calls: [
      { prefix: 'calc', args: '{"input":"2+2"}' },
      { prefix: 'get', args: '{}' },
    ],
    rounds: 2,
    split: 4,
  };
  const declared = ['get_weather', 'calculator_x1', 'get_time'];

  it('calls the first declared tool each prefix matches, with the arguments cut as asked', () => {
    const plan = planToolTurn(script, declared, 1, ['4', 'sunny']);
    expect(plan.kind).toBe('calls');
    if (plan.kind !== 'calls') return;
    expect(plan.calls.map(({ name, args, pieces }) => ({ name, args, pieces }))).toEqual([
      { name: 'calculator_x1', args: '{"input":"2+2"}', pieces: ['{"in', 'put"', ':"2+', '2"}'] },
      { name: 'get_weather', args: '{}', pieces: ['{}'] },
    ]);
    expect(new Set(plan.calls.map((call) => call.id)).size).toBe(2);
  });

  it('answers with every output once the rounds are done', () => {
    expect(planToolTurn(script, declared, 2, ['4', 'sunny', '4', 'rain'])).toEqual({
      kind: 'answer',
      text: 'Tool results: 4 | sunny | 4 | rain',
    });
  });

  it('says so when no declared tool matches', () => {
    expect(planToolTurn(script, ['search'], 0, [])).toEqual({
      kind: 'answer',
      text: 'No declared tool starts with "calc".',
    });
  });
});
