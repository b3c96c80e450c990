/**
 * What a reply cost: prompt and completion tokens (the provider's usage when it reported one,
 * else the estimate), the ledger rows (`transactions`, one per token type, always written), and
 * — when the balance is enabled — the debit. All idempotent: the transaction ids derive from
 * the run id, and the debit applies only while its transaction row does not exist yet, so a
 * final batch applied twice charges once. The debit never takes the balance below zero.
 */
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
  /** The model's prices, credits per token (engine/token-rates.ts). */
  rates: { prompt: number; completion: number };
  balanceEnabled: boolean;
  now: number;
}

export function usageStatements(d1: D1Database, usage: ReplyUsage, context: UsageContext): D1PreparedStatement[] {
  const { rates } = context;
  const rows = [
    { id: `${context.runId}:prompt`, tokenType: 'prompt', tokens: usage.promptTokens, rate: rates.prompt },
    {
      id: `${context.runId}:completion`,
      tokenType: 'completion',
      tokens: usage.completionTokens,
      rate: rates.completion,
    },
  ];
  const statements: D1PreparedStatement[] = [];
  if (context.balanceEnabled) {
    const cost = rows.reduce((sum, row) => sum + row.tokens * row.rate, 0);
    statements.push(
      d1
        .prepare(
          'UPDATE balances SET tokenCredits = max(0, tokenCredits - ?1) WHERE userId = ?2 AND NOT EXISTS (SELECT 1 FROM transactions WHERE id = ?3)',
        )
        .bind(cost, context.userId, rows[0]?.id ?? ''),
    );
  }
  // Both ledger rows in one statement: one query of the final batch instead of two.
  const values = rows.map((_, index) => {
    const first = index * 10 + 1;
    const slots = Array.from({ length: 10 }, (_, offset) => `?${first + offset}`);
    return `(${slots.slice(0, 6).join(', ')}, 'message', ${slots.slice(6).join(', ')})`;
  });
  statements.push(
    d1
      .prepare(
        `INSERT INTO transactions (id, userId, conversationId, messageId, tokenType, model, context, rawAmount, tokenValue, rate, createdAt)
         VALUES ${values.join(', ')} ON CONFLICT (id) DO NOTHING`,
      )
      .bind(
        ...rows.flatMap((row) => [
          row.id,
          context.userId,
          context.conversationId,
          context.messageId,
          row.tokenType,
          context.model,
          -row.tokens,
          -row.tokens * row.rate,
          row.rate,
          context.now,
        ]),
      ),
  );
  return statements;
}
