/**
 * The prompt of a reply: the branch from the root to the message being answered, as chat
 * messages, with the conversation's instructions as the system prompt, truncated oldest-first
 * to the context budget (`maxContextTokens`, or the model's window). The newest message — the
 * one being answered — is always kept, even alone over budget: the provider then says the
 * input is too long (INPUT_LENGTH), which is more useful than a silent empty prompt.
 *
 * Failed replies (`error`) are left out: their text is an error code, not something the
 * model said. A reply being continued is given as a final assistant turn (prefill).
 *
 * A message's files are named by their R2 keys (engine/prompt-files.ts): its documents come
 * before its text, as the context it refers to, and its images after. Images count towards the
 * budget as vision models bill them, documents by the bytes read of them. Only files in `files`
 * are shown: the caller's own, read for this send (attachments.ts).
 */
import type { MessageRecord } from '../../db/runs';
import type { PromptMessage, PromptPart } from '../../engine/prompt-files';
import { imageTokens } from '../../engine/tokens/images';
import { estimateMessageTokens, estimateTokens } from '../../engine/tokens/messages';
import type { BuiltContext } from '../../engine/turn';
import { DOCUMENT_MAX_BYTES } from '../../contract/files';
import type { PromptFileSource } from './attachments';
import { messageText } from './history';
import { replyTextWithTools } from '../../engine/tool-transcript';

export interface ContextInput {
  /** Root first, ending with the message being answered. */
  branch: readonly MessageRecord[];
  system?: string | undefined;
  maxContextTokens: number;
  /** Text the reply starts with (continue, edited reply). */
  prefill?: string | undefined;
  /** The files the prompt may show, by file id (none: text only). */
  files?: ReadonlyMap<string, PromptFileSource> | undefined;
  /** The conversation's `imageDetail`. */
  imageDetail?: 'low' | 'auto' | 'high' | undefined;
}

/** About four bytes of text per token, plus the lines that name the document. */
const documentTokens = (bytes: number) => Math.ceil(bytes / 4) + 20;

interface MessageFiles {
  documents: PromptPart[];
  images: PromptPart[];
  tokens: number;
}

/** The message's files that the prompt shows, and what they weigh. */
function filesOf(message: MessageRecord, input: ContextInput): MessageFiles {
  const found: MessageFiles = { documents: [], images: [], tokens: 0 };
  for (const file of message.files ?? []) {
    const source = input.files?.get(file.file_id);
    if (source?.kind === 'image') {
      found.images.push({
        type: 'stored_image',
        storageKey: source.storageKey,
        mimeType: source.mimeType,
        ...(input.imageDetail ? { detail: input.imageDetail } : {}),
      });
      found.tokens += imageTokens(source.width ?? undefined, source.height ?? undefined, input.imageDetail);
    } else if (source?.kind === 'document') {
      const maxBytes = Math.min(source.bytes, DOCUMENT_MAX_BYTES);
      found.documents.push({
        type: 'stored_document',
        storageKey: source.storageKey,
        filename: source.filename,
        maxBytes,
        truncated: source.bytes > DOCUMENT_MAX_BYTES,
      });
      found.tokens += documentTokens(maxBytes);
    }
  }
  return found;
}

function tokensOf(message: MessageRecord, text: string): number {
  // Stored counts come from the provider's usage or an earlier estimate: no need to recount.
  return message.tokenCount !== null && message.tokenCount > 0 ? message.tokenCount : estimateMessageTokens(text);
}

export function buildContext(input: ContextInput): BuiltContext {
  const system = input.system?.trim() ? input.system : undefined;
  const prefill = input.prefill?.trim() ? input.prefill : undefined;
  const fixed = (system ? estimateTokens(system) : 0) + (prefill ? estimateMessageTokens(prefill) : 0);

  const usable = input.branch.filter((message) => !message.error);
  const kept: PromptMessage[] = [];
  let total = fixed;
  let dropped = 0;
  for (let index = usable.length - 1; index >= 0; index -= 1) {
    const message = usable[index];
    if (!message) continue;
    // A reply's stored token count leaves its tool outputs out: those are estimated with the text.
    const withTools = replyTextWithTools(message);
    const text = withTools ?? messageText(message);
    const files = filesOf(message, input);
    const tokens =
      (withTools === null ? tokensOf(message, text) : Math.max(tokensOf(message, text), estimateMessageTokens(text))) +
      files.tokens;
    if (kept.length > 0 && total + tokens > input.maxContextTokens) {
      dropped = index + 1;
      break;
    }
    total += tokens;
    kept.push({
      role: message.isCreatedByUser ? 'user' : 'assistant',
      content:
        files.documents.length + files.images.length > 0
          ? [...files.documents, { type: 'text', text }, ...files.images]
          : text,
    });
  }
  kept.reverse();
  if (prefill) kept.push({ role: 'assistant', content: prefill });
  return { messages: kept, ...(system ? { system } : {}), promptTokens: total, dropped };
}

/** The conversation's instructions: `promptPrefix` (or `system`), plus the date when asked for. */
export function systemPrompt(
  options: { promptPrefix?: string | null; system?: string | null; append_current_datetime?: boolean },
  now = new Date(),
): string | undefined {
  const base = options.promptPrefix?.trim() || options.system?.trim() || '';
  const withDate = options.append_current_datetime
    ? `${base}${base ? '\n\n' : ''}Current date and time: ${now.toISOString()}`
    : base;
  return withDate === '' ? undefined : withDate;
}
