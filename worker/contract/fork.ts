import { z } from 'zod';
import {
  conversationIdSchema,
  conversationResponseSchema,
  storedMessageSchema,
  type ConversationResponse,
  type StoredMessage,
} from './messages';
import { MAX_ID_CHARS } from './ids';

/*
 * `POST /api/convos/fork`: copies part of one of the
 * caller's conversations into a new conversation.
 */

export const FORK_OPTIONS = ['directPath', 'includeBranches', 'targetLevel'] as const;
export type ForkOption = (typeof FORK_OPTIONS)[number];
/** LibreChat forks with `targetLevel` when the client sends no option (or an empty one). */
export const DEFAULT_FORK_OPTION: ForkOption = 'targetLevel';

/** The largest conversation a fork copies: one D1 batch, bounded CPU and rows read. */
export const MAX_FORK_MESSAGES = 5_000;

const messageIdSchema = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(MAX_ID_CHARS, `${name} is too long`);

export const forkBodySchema = z.object({
  conversationId: conversationIdSchema,
  /** The message the fork is taken at. */
  messageId: messageIdSchema('messageId'),
  /**
   * directPath: the path from the root to the message. includeBranches: that path and every
   * alternative (sibling) of a message on it. targetLevel: every message, on any branch, down to
   * the message's depth.
   */
  option: z
    .union([z.enum(FORK_OPTIONS, { error: `option must be one of ${FORK_OPTIONS.join(', ')}` }), z.literal('')])
    .optional()
    .transform((option): ForkOption => (option ? option : DEFAULT_FORK_OPTION)),
  /**
   * Start the new conversation at the message's depth: the message (and whatever else the option
   * keeps at that depth) becomes a root, and the option is applied from there down to
   * `latestMessageId`.
   */
  splitAtTarget: z.boolean().optional().default(false),
  /** The end of the branch the client shows; read only with splitAtTarget. */
  latestMessageId: messageIdSchema('latestMessageId').nullish(),
});
export type ForkBody = z.infer<typeof forkBodySchema>;

export const forkResponseSchema = z.strictObject({
  conversation: conversationResponseSchema,
  /** The new conversation's messages, oldest first (new ids, parents remapped). */
  messages: z.array(storedMessageSchema),
});
export interface ForkResponse {
  conversation: ConversationResponse;
  messages: StoredMessage[];
}
