import type { SendBody as ContractSendBody } from '@contract/chat-request';
import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import {
  type ChatSetup,
  type EphemeralAgent,
  type MessageFile,
  NO_PARENT,
  type SendRequest,
} from '@/shared/conversation/types';
import { isCustomEndpoint, isEditLike, UNKNOWN_ENDPOINT, usesEphemeralAgent } from './send-path';

/**
 * The wire body of a send, as LibreChat's client posts it: the user message, the flags of the
 * mode, and every setting of the conversation's setup. How the server reads the flags
 * (worker/services/chat/run-mode.ts):
 *
 * - normal, and edit of a user message: a new user message under `parentMessageId` (an edited
 *   message is a sibling of the original: a new branch);
 * - regenerate: `isRegenerate` + `overrideParentMessageId` (the user message answered again);
 * - edit of a reply: a regenerate with `isEdited` and `generation` (the edited reply text the
 *   new reply starts from);
 * - continue: `isContinued` + `responseMessageId` (the reply extended) + `generation`.
 */
export interface SendBody extends Omit<ChatSetup, 'title' | 'endpoint'> {
  text: string;
  sender: 'User';
  clientTimestamp: string;
  isCreatedByUser: true;
  parentMessageId: string;
  /** null starts a new conversation. */
  conversationId: string | null;
  /** The client's placeholder id; the server assigns the real one. */
  messageId: string;
  endpoint: string;
  generation?: string;
  responseMessageId?: string;
  overrideParentMessageId?: string;
  /** The second reply of a turn: the user message the first reply's send created, and its conversation. */
  overrideUserMessageId?: string;
  overrideConvoId?: string;
  isContinued: boolean;
  isTemporary: boolean;
  isRegenerate?: boolean;
  isEdited?: boolean;
  files?: SentFile[];
  ephemeralAgent?: EphemeralAgent;
}

/** A file as a send carries it: its name stays on the client's own copy of the message. */
export type SentFile = Omit<MessageFile, 'filename' | 'expiresAt'>;

const sentFile = ({ file_id, filepath, type, width, height }: MessageFile): SentFile => ({
  file_id,
  filepath,
  type,
  ...(width !== undefined && height !== undefined ? { width, height } : {}),
});

/** What a send is known by before the server answers: its placeholder id and local time. */
export interface SendIdentity {
  messageId: string;
  clientTimestamp: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Local wall-clock time as `YYYY-MM-DDTHH:mm:ss`, the form LibreChat's client stamps messages with. */
export function localTimestamp(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export const newSendIdentity = (now: Date = new Date()): SendIdentity => ({
  messageId: crypto.randomUUID(),
  clientTimestamp: localTimestamp(now),
});

/** A send under `new` (or null, or the PENDING placeholder) starts a conversation. */
export const startsConversation = (req: Pick<SendRequest, 'conversationId'>): boolean =>
  isUnsavedConversationId(req.conversationId);

/** An edit that carries the reply it replaces edits a reply; without one it edits a user message. */
export const editsReply = (req: Pick<SendRequest, 'mode' | 'responseMessageId'>): boolean =>
  req.mode === 'edit' && !!req.responseMessageId;

/**
 * Why a send cannot be made (logged only, never shown), or null. Empty text is
 * refused for normal sends and edits; regenerate and continue carry the old message's text.
 */
export function sendProblem(req: SendRequest): string | null {
  if (!req.setup.endpoint) return UNKNOWN_ENDPOINT;
  if (req.conversationId === 'search') return 'cannot send any message under search view!';
  if ((req.mode === 'normal' || req.mode === 'edit') && req.text.trim() === '') return 'the message is empty';
  if (req.mode === 'continue' && !req.responseMessageId) return 'cannot continue AI message without latestMessage!';
  if ((req.mode === 'regenerate' || req.mode === 'continue' || editsReply(req)) && startsConversation(req)) {
    return `cannot ${req.mode} in a conversation that is not saved`;
  }
  return null;
}

/** The setup's settings as sent: no title (the server keeps its own), nothing unset. */
function setupFields(setup: ChatSetup): Partial<Omit<ChatSetup, 'title'>> {
  const fields: Partial<Omit<ChatSetup, 'title'>> = {};
  // Null is "unset" in the setup, but the server's number fields refuse a JSON null.
  for (const [name, value] of Object.entries(setup)) {
    if (name !== 'title' && value !== null && value !== undefined) Object.assign(fields, { [name]: value });
  }
  return fields;
}

function modeFields(req: SendRequest): Partial<SendBody> {
  const answered = req.overrideParentMessageId ?? req.parentMessageId;
  switch (req.mode) {
    case 'normal':
      return {};
    case 'regenerate':
      return { isRegenerate: true, overrideParentMessageId: answered };
    case 'continue':
      return {
        isContinued: true,
        isEdited: true,
        responseMessageId: req.responseMessageId,
        generation: req.generation ?? '',
      };
    case 'edit':
      if (!editsReply(req)) return { isEdited: true };
      return {
        isRegenerate: true,
        isEdited: true,
        overrideParentMessageId: answered,
        responseMessageId: req.responseMessageId,
        generation: req.generation ?? req.text,
      };
  }
}

/** The tools a chat turned on, as the agents endpoint reads them (web search only when on). */
const ephemeralAgentBody = ({ mcp, web_search }: EphemeralAgent): EphemeralAgent => ({
  mcp: [...mcp],
  ...(web_search ? { web_search: true } : {}),
});

/**
 * The body of a send. `identity` is the placeholder id and timestamp the screen also shows
 * the message under until `created` brings the real ones.
 */
export function buildSendBody(req: SendRequest, identity: SendIdentity = newSendIdentity()): SendBody {
  const { endpoint } = req.setup;
  if (!endpoint) throw new Error(UNKNOWN_ENDPOINT);
  const isNew = startsConversation(req);
  const endpointType = isCustomEndpoint(req.setup) ? 'custom' : req.setup.endpointType;
  const body: SendBody = {
    ...setupFields(req.setup),
    endpoint,
    ...(endpointType ? { endpointType } : {}),
    text: req.text,
    sender: 'User',
    clientTimestamp: identity.clientTimestamp,
    isCreatedByUser: true,
    messageId: identity.messageId,
    parentMessageId: isNew ? NO_PARENT : req.parentMessageId,
    conversationId: isNew ? null : req.conversationId,
    isContinued: false,
    isTemporary: req.setup.isTemporary === true,
    ...modeFields(req),
    ...(req.files?.length ? { files: req.files.map(sentFile) } : {}),
    ...(usesEphemeralAgent(req) && req.ephemeralAgent
      ? { ephemeralAgent: ephemeralAgentBody(req.ephemeralAgent) }
      : {}),
  };
  // The contract's send body, narrowed to what this client sends.
  return body satisfies ContractSendBody;
}
