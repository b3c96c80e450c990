/**
 * The `calculator` built-in tool (LibreChat's manifest key): the model sends an arithmetic
 * expression as `input` and reads back its value, or what is wrong with the expression.
 */
import type { JsonSchemaObject, ToolResult, ToolSpec } from '../types';
import { evaluateExpression, ExpressionError } from './expression';

export const CALCULATOR_KEY = 'calculator';
export const CALCULATOR_TIMEOUT_MS = 5_000;

const DESCRIPTION =
  'Evaluates an arithmetic expression exactly, for any arithmetic you would otherwise do in your head. ' +
  'Supports + - * / ^ % and parentheses, decimals and scientific notation, the functions sqrt, cbrt, abs, ' +
  'sin, cos, tan, asin, acos, atan (radians), ln, log (base 10, or log(x, base)), log2, exp, round (round(x, digits)), ' +
  'floor, ceil, trunc, sign, pow, min and max, and the constants pi and e.';

const PARAMETERS: JsonSchemaObject = {
  type: 'object',
  properties: { input: { type: 'string', description: 'The expression, for example "(3 + 4) * 2^3 / sqrt(16)".' } },
  required: ['input'],
};

export function calculatorSpec(): ToolSpec {
  return {
    key: CALCULATOR_KEY,
    description: DESCRIPTION,
    parameters: PARAMETERS,
    timeoutMs: CALCULATOR_TIMEOUT_MS,
    exec: { kind: 'builtin', name: CALCULATOR_KEY, credentials: {} },
  };
}

export function runCalculator(args: Record<string, unknown>): ToolResult {
  const input = args.input;
  if (typeof input !== 'string')
    return { output: 'The calculator needs the expression as "input" (a string).', isError: true };
  try {
    return { output: formatNumber(evaluateExpression(input)), isError: false };
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return { output: `Cannot evaluate "${input.slice(0, 200)}": ${error.message}`, isError: true };
  }
}

/** 15 significant digits, so 0.1 + 0.2 reads 0.3 and not 0.30000000000000004. */
export function formatNumber(value: number): string {
  if (Object.is(value, -0)) return '0';
  return String(Number(value.toPrecision(15)));
}
