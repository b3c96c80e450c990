/**
 * The balance check before a reply is generated: the run refuses with `token_balance` when the
 * prompt alone costs more than the user's credits.
 */
import type { BalanceConfig } from '../contract/config';
import { readBalance, type BalanceEnv } from '../db/balances';
import { ChatRefusal } from './refusal';
import { tokenRates } from './token-rates';

/**
 * Refuses with `token_balance` when the prompt alone costs more than the user's credits (read
 * with the config's start balance and auto-refill applied, as GET /api/balance shows them).
 */
export async function assertBalanceCovers(
  env: BalanceEnv,
  userId: string,
  settings: BalanceConfig,
  model: string,
  promptTokens: number,
): Promise<void> {
  const balance = await readBalance(env, userId, settings);
  const tokenCost = promptTokens * tokenRates(model).prompt;
  if (balance >= tokenCost) return;
  throw new ChatRefusal({ type: 'token_balance', balance, tokenCost, promptTokens });
}
