/**
 * A small arithmetic evaluator of our own for the calculator tool: workerd and the app's CSP
 * forbid `eval`/`new Function`, and a math library would add size for a few operators. A
 * recursive-descent parser that computes as it parses:
 *
 *   sum     = product (("+" | "-") product)*
 *   product = unary (("*" | "/" | "%") unary | implicit)*     2pi, 3(1+2), 2 sqrt(9)
 *   unary   = ("-" | "+") unary | power                        -2^2 = -4
 *   power   = primary ("^" unary)?                             right-associative, 2^-1 = 0.5
 *   primary = number | constant | function "(" sum ("," sum)* ")" | "(" sum ")"
 */

export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

export const MAX_EXPRESSION_LENGTH = 1000;
const MAX_DEPTH = 100;

const CONSTANTS: Record<string, number> = { pi: Math.PI, π: Math.PI, e: Math.E, tau: 2 * Math.PI };

type MathFunction = { arity: [number, number]; apply: (args: number[]) => number };
const one = (apply: (x: number) => number): MathFunction => ({ arity: [1, 1], apply: ([x = NaN]) => apply(x) });
const FUNCTIONS: Record<string, MathFunction> = {
  sqrt: one(Math.sqrt),
  cbrt: one(Math.cbrt),
  abs: one(Math.abs),
  sin: one(Math.sin),
  cos: one(Math.cos),
  tan: one(Math.tan),
  asin: one(Math.asin),
  acos: one(Math.acos),
  atan: one(Math.atan),
  ln: one(Math.log),
  log10: one(Math.log10),
  log2: one(Math.log2),
  exp: one(Math.exp),
  floor: one(Math.floor),
  ceil: one(Math.ceil),
  trunc: one(Math.trunc),
  sign: one(Math.sign),
  // log(x) is base 10, as on a calculator's key; log(x, base) any base; ln is natural.
  log: {
    arity: [1, 2],
    apply: ([x = NaN, base]) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)),
  },
  round: { arity: [1, 2], apply: ([x = NaN, digits = 0]) => roundTo(x, digits) },
  pow: { arity: [2, 2], apply: ([x = NaN, y = NaN]) => x ** y },
  min: { arity: [1, Infinity], apply: (args) => Math.min(...args) },
  max: { arity: [1, Infinity], apply: (args) => Math.max(...args) },
};

function roundTo(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15)
    throw new ExpressionError('round(x, n) needs n to be a whole number from 0 to 15');
  // Shift the decimal point in the text, not by multiplying: 1.005 * 100 is 100.49999999999999.
  const [mantissa, exponent = '0'] = String(x).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + digits}`));
  const [whole, back = '0'] = String(shifted).split('e');
  return Number(`${whole}e${Number(back) - digits}`);
}

type Token = { kind: 'number'; value: number; at: number } | { kind: 'name' | 'op'; text: string; at: number };

function tokenise(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s+|(\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|([a-zπ_][a-z0-9_]*)|(\*\*|[-+*/^%(),])/giy;
  while (pattern.lastIndex < source.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(source);
    if (!match) throw new ExpressionError(`Unexpected character "${source[at] ?? ''}" at position ${at + 1}`);
    const [, number, name, op] = match;
    if (number !== undefined) tokens.push({ kind: 'number', value: Number(number), at });
    else if (name !== undefined) tokens.push({ kind: 'name', text: name.toLowerCase(), at });
    else if (op !== undefined) tokens.push({ kind: 'op', text: op === '**' ? '^' : op, at });
  }
  return tokens;
}

/** The value of an arithmetic expression; throws ExpressionError saying what is wrong and where. */
export function evaluateExpression(input: string): number {
  // Typographic signs a model or a user may write: − × ÷.
  const source = input
    .replace(/\u2212/g, '-')
    .replace(/[\u00d7\u22c5]/g, '*')
    .replace(/\u00f7/g, '/');
  if (source.trim() === '') throw new ExpressionError('The expression is empty');
  if (source.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(`The expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const tokens = tokenise(source);
  let index = 0;
  let depth = 0;

  const peek = (): Token | undefined => tokens[index];
  const isOp = (token: Token | undefined, text: string) => token?.kind === 'op' && token.text === text;
  const where = (token: Token | undefined) => (token ? `at position ${token.at + 1}` : 'at the end');
  const describe = (token: Token | undefined) =>
    token === undefined ? 'the end' : token.kind === 'number' ? `"${token.value}"` : `"${token.text}"`;

  const expect = (text: string) => {
    const token = peek();
    if (!isOp(token, text)) throw new ExpressionError(`Expected "${text}" ${where(token)}, found ${describe(token)}`);
    index += 1;
  };

  const nested = <T>(parse: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new ExpressionError('The expression is nested too deeply');
    try {
      return parse();
    } finally {
      depth -= 1;
    }
  };

  const sum = (): number => {
    let value = product();
    for (let token = peek(); isOp(token, '+') || isOp(token, '-'); token = peek()) {
      index += 1;
      value = isOp(token, '+') ? value + product() : value - product();
    }
    return value;
  };

  const product = (): number => {
    let value = unary();
    for (;;) {
      const token = peek();
      if (isOp(token, '*') || isOp(token, '/') || isOp(token, '%')) {
        index += 1;
        const right = unary();
        if (isOp(token, '*')) value *= right;
        else if (right === 0) throw new ExpressionError(isOp(token, '/') ? 'Division by zero' : 'Modulo by zero');
        else if (isOp(token, '/')) value /= right;
        else value -= right * Math.floor(value / right); // the sign of the divisor, as in maths
      } else if (token?.kind === 'name' || isOp(token, '(')) {
        value *= unary(); // implicit multiplication: 2pi, 3(4+5)
      } else {
        return value;
      }
    }
  };

  const unary = (): number =>
    nested(() => {
      const token = peek();
      if (isOp(token, '-') || isOp(token, '+')) {
        index += 1;
        const value = unary();
        return isOp(token, '-') ? -value : value;
      }
      const base = primary();
      if (!isOp(peek(), '^')) return base;
      index += 1;
      return base ** unary();
    });

  const primary = (): number => {
    const token = peek();
    index += 1;
    if (token?.kind === 'number') return token.value;
    if (isOp(token, '(')) {
      const value = nested(sum);
      expect(')');
      return value;
    }
    if (token?.kind === 'name') {
      // Own keys only: `constructor` or `__proto__` must not reach Object.prototype.
      const fn = Object.hasOwn(FUNCTIONS, token.text) ? FUNCTIONS[token.text] : undefined;
      if (fn) return call(token.text, fn);
      const constant = Object.hasOwn(CONSTANTS, token.text) ? CONSTANTS[token.text] : undefined;
      if (constant !== undefined) return constant;
      throw new ExpressionError(`Unknown name "${token.text}" at position ${token.at + 1}`);
    }
    throw new ExpressionError(`Expected a number, a name or "(" ${where(token)}, found ${describe(token)}`);
  };

  const call = (name: string, fn: MathFunction): number => {
    expect('(');
    const args = [nested(sum)];
    while (isOp(peek(), ',')) {
      index += 1;
      args.push(nested(sum));
    }
    expect(')');
    const [least, most] = fn.arity;
    if (args.length < least || args.length > most)
      throw new ExpressionError(
        `${name}() takes ${least === most ? least : `${least} to ${most}`} arguments, not ${args.length}`,
      );
    return fn.apply(args);
  };

  const value = sum();
  const rest = peek();
  if (rest) throw new ExpressionError(`Unexpected ${describe(rest)} at position ${rest.at + 1}`);
  if (Number.isNaN(value))
    throw new ExpressionError('The result is not a real number (e.g. the square root of a negative number)');
  if (!Number.isFinite(value)) throw new ExpressionError('The result is too large');
  return value;
}
