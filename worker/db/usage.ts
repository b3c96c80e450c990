/**
 * What a reply cost: prompt and completion tokens (the provider's usage when it reported one,
 * else the estimate), the ledger rows (`transactions`, one per token type, always written), and
 * — when the balance is enabled — the debit. All idempotent: the transaction ids derive from
 * the run id, and the debit applies only while its transaction row does not exist yet, so a
 * final batch applied twice charges once. The debit never takes the balance below zero.
 */
import type { BalanceConfig } from '../../contract/config';
import { readBalance, type BalanceEnv } from '../balance/balance';
import { ChatRefusal } from './refusal';
import { tokenRates } from './token-rates';

export interface ReplyUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface UsageContext {
  userId: string;
  conversationId: string;
  /** The reply the tokens were spent on. */
  messageId: string;
  runId: string;
  model: string;
  balanceEnabled: boolean;
  now: number;
}

export function usageStatements(d1: D1Database, usage: ReplyUsage, context: UsageContext): D1PreparedStatement[] {
  const rates = tokenRates(context.model);
  const rows = [
    { id: `${context.runId}:prompt`, tokenType: 'prompt', tokens: usage.promptTokens, rate: rates.prompt },
    { id: `${context.runId}:completion`, tokenType: 'completion', tokens: usage.completionTokens, rate: rates.completion },
  ];
  const statements: D1PreparedStatement[] = [];
  if (context.balanceEnabled) {
    const cost = rows.reduce((sum, row) => sum + row.tokens * row.rate, 0);
    statements.push(
      d1
        .prepare('UPDATE balances SET tokenCredits = max(0, tokenCredits - ?1) WHERE userId = ?2 AND NOT EXISTS (SELECT 1 FROM transactions WHERE id = ?3)')
        .bind(cost, context.userId, rows[0]?.id ?? ''),
    );
  }
  for (const row of rows) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO transactions (id, userId, conversationId, messageId, tokenType, model, context, rawAmount, tokenValue, rate, createdAt)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'message', ?7, ?8, ?9, ?10) ON CONFLICT (id) DO NOTHING`,
        )
        .bind(row.id, context.userId, context.conversationId, context.messageId, row.tokenType, context.model, -row.tokens, -row.tokens * row.rate, row.rate, context.now),
    );
  }
  return statements;
}

/**
 * Refuses with `token_balance` when the prompt alone costs more than the user's credits (read
 * with the config's start balance and auto-refill applied, as GET /api/balance shows them).
 */
export async function assertBalanceCovers(env: BalanceEnv, userId: string, settings: BalanceConfig, model: string, promptTokens: number): Promise<void> {
  const balance = await readBalance(env, userId, settings);
  const tokenCost = promptTokens * tokenRates(model).prompt;
  if (balance >= tokenCost) return;
  throw new ChatRefusal({ type: 'token_balance', balance, tokenCost, promptTokens });
}
