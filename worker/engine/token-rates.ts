/**
 * Token prices for the balance (LibreChat's `tokenValues`): USD per million tokens, which is
 * also credits per token, since 1,000,000 credits are worth 1 USD. A transaction's
 * `tokenValue` is its token count times the rate. Matched by the first pattern that fits the
 * model name, most specific first.
 */
export interface TokenRates {
  prompt: number;
  completion: number;
}

const RATES: readonly (readonly [RegExp, TokenRates])[] = [
  [/gpt-4o-mini/i, { prompt: 0.15, completion: 0.6 }],
  [/gpt-4o/i, { prompt: 2.5, completion: 10 }],
  [/gpt-4\.1-nano/i, { prompt: 0.1, completion: 0.4 }],
  [/gpt-4\.1-mini/i, { prompt: 0.4, completion: 1.6 }],
  [/gpt-4\.1/i, { prompt: 2, completion: 8 }],
  [/gpt-4-turbo|gpt-4-1106|gpt-4-0125/i, { prompt: 10, completion: 30 }],
  [/gpt-4/i, { prompt: 30, completion: 60 }],
  [/gpt-3\.5/i, { prompt: 0.5, completion: 1.5 }],
  [/o[34]-mini/i, { prompt: 1.1, completion: 4.4 }],
  [/o1-mini/i, { prompt: 1.1, completion: 4.4 }],
  [/(?:^|[^a-z0-9])o3(?:-|$)/i, { prompt: 2, completion: 8 }],
  [/(?:^|[^a-z0-9])o1(?:-|$)/i, { prompt: 15, completion: 60 }],
  [/claude-3-haiku/i, { prompt: 0.25, completion: 1.25 }],
  [/claude-3-5-haiku|claude-3\.5-haiku/i, { prompt: 0.8, completion: 4 }],
  [/claude-(?:3-)?opus|claude-opus/i, { prompt: 15, completion: 75 }],
  [/claude/i, { prompt: 3, completion: 15 }],
  [/gemini-2\.5-pro/i, { prompt: 1.25, completion: 10 }],
  [/gemini-2\.5-flash/i, { prompt: 0.3, completion: 2.5 }],
  [/gemini-2\.0-flash-lite/i, { prompt: 0.075, completion: 0.3 }],
  [/gemini-2\.0-flash/i, { prompt: 0.1, completion: 0.4 }],
  [/gemini-1\.5-flash/i, { prompt: 0.075, completion: 0.3 }],
  [/gemini-1\.5-pro/i, { prompt: 1.25, completion: 5 }],
];

/** LibreChat's rate for models it has no price for. */
export const DEFAULT_TOKEN_RATE = 6;

export function tokenRates(model: string): TokenRates {
  return (
    RATES.find(([pattern]) => pattern.test(model))?.[1] ?? {
      prompt: DEFAULT_TOKEN_RATE,
      completion: DEFAULT_TOKEN_RATE,
    }
  );
}
