/**
 * A send refused before any reply is generated, for a reason the client shows from the error
 * codes it knows: `no_user_key`, `expired_user_key`, `concurrent`, `message_limit`,
 * `token_balance`, `illegal_model_request`… The detail becomes the `text` of the stream's
 * `event: error` frame, as the JSON the client parses.
 */
export type RefusalDetail = { type: string } & Record<string, unknown>;

export class ChatRefusal extends Error {
  constructor(readonly detail: RefusalDetail) {
    super(detail.type);
    this.name = 'ChatRefusal';
  }
}

/**
 * A send that cannot be answered as asked (the message to reply to is not in the
 * conversation, a continue of something that is not a reply…). Its message is shown as is.
 */
export class ChatInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatInputError';
  }
}
