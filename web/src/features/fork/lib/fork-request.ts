import type { ForkBody, ForkOption } from '@contract/fork';

/** What the user chose in the fork popover (or what was remembered), and where. */
export interface ForkChoice {
  conversationId: string;
  /** The message the fork is taken at (the one whose fork button was used). */
  messageId: string;
  option: ForkOption;
  /** "Start fork here". */
  splitAtTarget: boolean;
  /** The end of the branch on screen: where a split fork ends. */
  latestMessageId?: string | null;
}

/** The request body the server reads (`@contract/fork` forkBodySchema). */
export type ForkRequestBody = Pick<ForkBody, 'conversationId' | 'messageId' | 'option' | 'splitAtTarget'> & {
  latestMessageId?: string;
};

/**
 * The body of `POST /api/convos/fork`. The branch end matters only for a split fork, so it is
 * sent only then, and only when it is known (the server falls back to the newest message below).
 */
export function forkRequestBody(choice: ForkChoice): ForkRequestBody {
  const body: ForkRequestBody = {
    conversationId: choice.conversationId,
    messageId: choice.messageId,
    option: choice.option,
    splitAtTarget: choice.splitAtTarget,
  };
  if (choice.splitAtTarget && choice.latestMessageId) body.latestMessageId = choice.latestMessageId;
  return body;
}
