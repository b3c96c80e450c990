import { describe, expect, it } from 'vitest';
import { CALCULATOR_KEY, calculatorSpec, formatNumber, runCalculator } from './calculator';
import { evaluateExpression, ExpressionError, MAX_EXPRESSION_LENGTH } from './expression';

const calc = (input: string) => runCalculator({ input });

describe('evaluateExpression: grammar', () => {
  it.each([
    ['2+2', 4],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 / 4', 2.5],
    ['7 % 3', 1],
    ['-7 % 3', 2],
    ['2^10', 1024],
    ['2**10', 1024],
    ['2^3^2', 512],
    ['-2^2', -4],
    ['2^-1', 0.5],
    ['--3', 3],
    ['+3 - -3', 6],
    ['.5 + 1.25', 1.75],
    ['1e3 + 2.5E-1', 1000.25],
    ['2pi', 2 * Math.PI],
    ['3(4 + 5)', 27],
    ['(1 + 2)(3 + 4)', 21],
    ['2 sqrt(9)', 6],
    ['6 ÷ 3 × 2 − 1', 3],
    ['PI', Math.PI],
    ['e', Math.E],
  ])('%s = %d', (input, value) => {
    expect(evaluateExpression(input)).toBeCloseTo(value, 12);
  });

  it.each([
    ['sqrt(16)', 4],
    ['abs(-3.5)', 3.5],
    ['sin(pi / 2)', 1],
    ['cos(0)', 1],
    ['tan(0)', 0],
    ['log(1000)', 3],
    ['log(8, 2)', 3],
    ['ln(e^2)', 2],
    ['exp(0)', 1],
    ['round(2.5)', 3],
    ['round(1.005, 2)', 1.01],
    ['round(1e-7, 8)', 1e-7],
    ['floor(-1.5)', -2],
    ['ceil(1.2)', 2],
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['pow(2, 8)', 256],
    ['SQRT(4) + Max(1, 2)', 4],
  ])('%s = %d', (input, value) => {
    expect(evaluateExpression(input)).toBeCloseTo(value, 12);
  });
});

describe('evaluateExpression: clear errors', () => {
  it.each([
    ['', 'The expression is empty'],
    ['2 +', 'Expected a number, a name or "(" at the end, found the end'],
    ['2 * * 3', 'Expected a number, a name or "(" at position 5, found "*"'],
    ['(1 + 2', 'Expected ")" at the end, found the end'],
    ['1 + 2)', 'Unexpected ")" at position 6'],
    ['2 $ 3', 'Unexpected character "$" at position 3'],
    ['foo(2)', 'Unknown name "foo" at position 1'],
    ['sqrt 4', 'Expected "(" at position 6, found "4"'],
    ['sqrt(1, 2)', 'sqrt() takes 1 arguments, not 2'],
    ['round(1, 2, 3)', 'round() takes 1 to 2 arguments, not 3'],
    ['round(1.5, 0.5)', 'round(x, n) needs n to be a whole number from 0 to 15'],
    ['1 / 0', 'Division by zero'],
    ['5 % 0', 'Modulo by zero'],
    ['sqrt(-1)', 'The result is not a real number'],
    ['10^400', 'The result is too large'],
    ['2 3', 'Unexpected "3" at position 3'],
  ])('%j', (input, message) => {
    expect(() => evaluateExpression(input)).toThrow(ExpressionError);
    expect(() => evaluateExpression(input)).toThrow(message);
  });

  it('refuses very long or deeply nested input without exhausting the stack', () => {
    expect(() => evaluateExpression('1+'.repeat(MAX_EXPRESSION_LENGTH))).toThrow('longer than 1000 characters');
    expect(() => evaluateExpression('('.repeat(400) + '1' + ')'.repeat(400))).toThrow('nested too deeply');
    expect(() => evaluateExpression('-'.repeat(500) + '1')).toThrow('nested too deeply');
    expect(evaluateExpression('('.repeat(20) + '1' + ')'.repeat(20))).toBe(1);
  });

  it('evaluates nothing as code', () => {
    for (const input of ['constructor', 'alert(1)', '__proto__', 'toString()', 'this'])
      expect(() => evaluateExpression(input)).toThrow(/Unknown name/);
  });
});

describe('the calculator tool', () => {
  it('answers the value as text, without float noise', () => {
    expect(calc('2+2')).toEqual({ output: '4', isError: false });
    expect(calc('0.1 + 0.2')).toEqual({ output: '0.3', isError: false });
    expect(calc('1/3')).toEqual({ output: '0.333333333333333', isError: false });
    expect(calc('-0')).toEqual({ output: '0', isError: false });
    expect(formatNumber(2 ** 80)).toBe('1.20892581961463e+24');
  });

  it('answers a bad expression as an error result naming the problem', () => {
    expect(calc('2 +')).toEqual({
      output: 'Cannot evaluate "2 +": Expected a number, a name or "(" at the end, found the end',
      isError: true,
    });
    expect(runCalculator({ expression: '2+2' })).toEqual({
      output: 'The calculator needs the expression as "input" (a string).',
      isError: true,
    });
  });

  it('describes itself to the model under LibreChat’s key, with a 5 s timeout', () => {
    const spec = calculatorSpec();
    expect(spec.key).toBe(CALCULATOR_KEY);
    expect(spec.key).toBe('calculator');
    expect(spec.parameters).toEqual({
      type: 'object',
      properties: { input: { type: 'string', description: expect.any(String) } },
      required: ['input'],
    });
    expect(spec.timeoutMs).toBe(5000);
    expect(spec.exec).toEqual({ kind: 'builtin', name: 'calculator', credentials: {} });
    expect(spec.description).toMatch(/sqrt/);
  });
});
