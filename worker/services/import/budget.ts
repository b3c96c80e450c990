import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';
import { IMPORT_MAX_CONVERSATIONS, IMPORT_MAX_MESSAGES } from './limits';

/**
 * Counts what a parser finds — every message-like entry, kept or not — and refuses the whole
 * file as soon as a bound is passed, so a hostile file stops the parse early instead of after
 * walking a million nodes.
 */
export class ImportBudget {
  private messages = 0;
  private conversations = 0;

  constructor(
    private readonly maxMessages = IMPORT_MAX_MESSAGES,
    private readonly maxConversations = IMPORT_MAX_CONVERSATIONS,
  ) {}

  /** Checks a known conversation count before walking any of them. */
  expectConversations(count: number): void {
    if (count > this.maxConversations) throw this.tooManyConversations();
  }

  countConversation(): void {
    this.conversations++;
    if (this.conversations > this.maxConversations) throw this.tooManyConversations();
  }

  countMessage(): void {
    this.messages++;
    if (this.messages > this.maxMessages) {
      throw new HttpError(
        413,
        `The file holds more than ${this.maxMessages} messages, the most one import accepts. Split it into smaller files.`,
        ERROR_CODES.importTooLarge,
      );
    }
  }

  private tooManyConversations(): HttpError {
    return new HttpError(
      413,
      `The file holds more than ${this.maxConversations} conversations, the most one import accepts. Split it into smaller files.`,
      ERROR_CODES.importTooLarge,
    );
  }
}
