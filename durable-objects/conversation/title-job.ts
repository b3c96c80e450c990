/**
 * The title of a new conversation, generated after its first reply and awaited by
 * `POST /api/convos/gen_title` (through {@link ConversationDO.awaitTitle}). The job exists from
 * the moment the run starts, so a client asking early simply waits; it settles with the saved
 * title, or null when there is none (titling failed, the reply failed, the user renamed it).
 */
import { errorMessage, type Logger } from '../../worker/logging/logger';
import { saveTitleStatement } from '../../worker/db/runs';
import { DEFAULT_CONVERSATION_TITLE } from '../../worker/engine/records';
import type { TitleSpec } from '../../worker/engine/run-spec';
import { generateTitle } from './title-generation';

/** gen_title waits at most this long, whatever the caller asks. */
export const MAX_TITLE_WAIT_MS = 60_000;

export class TitleJob {
  readonly promise: Promise<string | null>;
  private settle: (title: string | null) => void = () => undefined;

  constructor(
    readonly runId: string,
    readonly userId: string,
    readonly conversationId: string,
    private readonly log: Logger,
  ) {
    this.promise = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  cancel(): void {
    this.settle(null);
  }

  /** Generates, saves (unless renamed meanwhile) and settles. Never throws. */
  async run(db: D1Database, spec: TitleSpec, exchange: { userText: string; replyText: string }): Promise<void> {
    let saved: string | null = null;
    try {
      const title = await generateTitle(spec, exchange);
      if (title) {
        // RETURNING, not meta.changes: the search-index triggers count in `changes` too.
        const { results } = await saveTitleStatement(
          db,
          this.userId,
          this.conversationId,
          title,
          DEFAULT_CONVERSATION_TITLE,
        ).all();
        if (results.length === 1) saved = title;
      }
    } catch (error) {
      this.log.warn('chat_title_failed', { error: errorMessage(error) });
    }
    this.settle(saved);
  }

  /** The title, or null once `timeoutMs` has passed. */
  async wait(timeoutMs: number): Promise<string | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.min(Math.max(0, timeoutMs), MAX_TITLE_WAIT_MS));
    });
    try {
      return await Promise.race([this.promise, timeout]);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
}
