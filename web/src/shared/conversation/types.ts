import type { ConversationOptions } from '@contract/conversation';
import type { StoredMessage } from '@contract/messages';
import type { WireContentPart, WireMessage } from '@contract/stream';

/*
 * The conversation vocabulary: every part of features/chat (stream, messages, composer, setup,
 * page) and every feature that shows or exports a conversation speaks these types, so each can
 * be built and tested on its own.
 */

export type { WireContentPart, WireMessage };

/**
 * A message as the screen holds it: a stored one from `GET /api/messages/{id}`, or one that is
 * still arriving on a stream (no dates yet). Flat; the tree is built from parentMessageId.
 */
export type ChatMessage = WireMessage & Partial<Omit<StoredMessage, keyof WireMessage>>;

/** The all-zeros parent of a conversation's first message. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** Conversation ids with a meaning of their own: unsaved, first send in flight, search view. */
export const NEW_CONVERSATION = 'new';
export const PENDING_CONVERSATION = 'PENDING';
export const SEARCH_CONVERSATION = 'search';

/**
 * The conversation's setup: endpoint, model and every model parameter, plus the flags a send
 * carries. What the setup bar edits, presets and model specs fill, and each send posts.
 */
export interface ChatSetup extends ConversationOptions {
  /** The endpoint's name as configured (a custom endpoint's own name). */
  endpoint?: string | null;
  /** `custom` for custom endpoints; the built-in name otherwise. */
  endpointType?: string | null;
  isTemporary?: boolean;
}

/**
 * A file a user message carries: sent with it (`file_id`, `filepath`, `type`, and an image's
 * size) and stored on it with its `filename`. `filepath` is the file's link.
 */
export interface MessageFile {
  file_id: string;
  filepath: string;
  type: string;
  filename?: string;
  width?: number;
  height?: number;
  /** A generated file's link stops working at this ISO date. */
  expiresAt?: string;
  /** A text document longer than the model is given: only its beginning reached the model. */
  truncated?: boolean;
}

/** How a send relates to the messages already there. */
export type SendMode = 'normal' | 'regenerate' | 'edit' | 'continue';

/**
 * One send, as the page asks the stream for it. The stream builds the wire body from it
 * (as LibreChat's client sends it) and picks the path (`/api/ask|edit/{endpoint}`, bedrock…).
 */
export interface SendRequest {
  mode: SendMode;
  /** The text to send: the composer's, the edited text, or the user message regenerated. */
  text: string;
  /** null or `new` for a new conversation. */
  conversationId: string | null;
  /** The message the new user message (or regenerated reply) hangs under. */
  parentMessageId: string;
  setup: ChatSetup;
  /** regenerate: the user message whose reply is regenerated (`overrideParentMessageId`). */
  overrideParentMessageId?: string;
  /** edit of a reply / continue: the reply being replaced or continued. */
  responseMessageId?: string;
  /** continue: the reply's text so far. */
  generation?: string;
  /** normal: the files attached in the composer, already uploaded. */
  files?: MessageFile[];
  /**
   * A custom endpoint's `modelDisplayLabel`: the name the server gives the reply, shown while
   * it streams so the name does not change when `final` arrives.
   */
  replyLabel?: string;
  /** Tools turned on for this chat without a saved agent: the run goes to the agents endpoint. */
  ephemeralAgent?: EphemeralAgent;
}

/** LibreChat's ephemeral agent: the tools a chat on another endpoint turned on for itself. */
export interface EphemeralAgent {
  /** The MCP servers whose tools the model may call. */
  mcp: string[];
  /** The server's web search tool. */
  web_search?: boolean;
}

/** Where the live reply of a conversation is. */
export type RunStatus = 'connecting' | 'streaming' | 'done' | 'error' | 'aborted';

/**
 * The live run of a conversation as the screen draws it. `requestMessage` and
 * `responseMessage` are merged into the message list by id; once `final` arrives they are
 * the saved messages and the status is `done`.
 */
export interface RunView {
  conversationId: string | null;
  status: RunStatus;
  requestMessage: ChatMessage | null;
  responseMessage: ChatMessage | null;
  /** Set when the connection failed before any data arrived (shown after 5,500 ms). */
  connectionError?: string;
}
