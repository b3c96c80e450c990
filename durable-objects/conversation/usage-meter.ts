/**
 * The tokens one agent's model reported over its turns. A run has one meter per agent: a chain's
 * agents may run different models, and each is billed at its own model's price.
 */
import type { ReplyUsage } from '../../worker/db/usage';
import type { ProviderTarget } from '../../worker/providers/registry';
import type { ProviderEvent } from '../../worker/providers/types';

export class UsageMeter {
  /** The sum over this agent's turns so far, the current one included; undefined until one reports. */
  total: ReplyUsage | undefined;
  /** The sum over the turns before the current one (a turn may report its usage more than once). */
  private before: ReplyUsage | undefined;

  constructor(
    readonly model: string,
    private readonly provider: ProviderTarget['provider'],
  ) {}

  add(event: Extract<ProviderEvent, { type: 'usage' }>): void {
    // OpenAI counts cached prompt tokens inside prompt_tokens; the others report them apart.
    const cached = this.provider === 'openai' ? 0 : (event.cacheReadTokens ?? 0) + (event.cacheWriteTokens ?? 0);
    const before = this.before ?? { promptTokens: 0, completionTokens: 0 };
    this.total = {
      promptTokens: before.promptTokens + event.promptTokens + cached,
      completionTokens: before.completionTokens + event.completionTokens,
    };
  }

  /** A turn ended: the next one's usage adds to everything so far. */
  endTurn(): void {
    this.before = this.total;
  }
}
