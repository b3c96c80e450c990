import type { ImportBudget } from './budget';
import { checkMessage } from './message';
import type { ImportedMessage, MessageNode } from './types';

/**
 * Collects the nodes of one conversation while a parser walks the file: counts every entry
 * against the file's budget and keeps the skip tallies, so the three parsers only decide
 * what each entry means.
 */
export class NodeCollector {
  readonly nodes: MessageNode[] = [];
  skippedMessages = 0;
  tooLongMessages = 0;
  private synthetic = 0;

  constructor(private readonly budget: ImportBudget) {}

  /** A key for an entry without a usable id of its own; `#` never starts a uuid. */
  syntheticKey(): string {
    return `#${this.synthetic++}`;
  }

  /** A message entry; `null` when the parser already knows it is not one to keep. */
  message(key: string, parentKey: string | null, message: ImportedMessage | null): void {
    this.budget.countMessage();
    const verdict = message ? checkMessage(message) : null;
    if (verdict && 'kept' in verdict) {
      this.nodes.push({ key, parentKey, message: verdict.kept });
      return;
    }
    this.skippedMessages++;
    if (verdict?.skipped === 'too_long') this.tooLongMessages++;
    // Still a link: its children hang from its nearest kept ancestor.
    this.nodes.push({ key, parentKey, message: null });
  }

  /** A structural node that never held a message (ChatGPT's root); counted, not "skipped". */
  link(key: string, parentKey: string | null): void {
    this.budget.countMessage();
    this.nodes.push({ key, parentKey, message: null });
  }

  /** An entry too malformed to link anything (not an object): skipped outright. */
  malformed(): void {
    this.budget.countMessage();
    this.skippedMessages++;
  }

  get keptCount(): number {
    return this.nodes.reduce((count, node) => count + (node.message ? 1 : 0), 0);
  }
}
