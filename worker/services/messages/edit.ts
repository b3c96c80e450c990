/**
 * A saved edit of a message's text (`PUT /api/messages/{conversationId}/{messageId}`, the
 * editor's "save" without resubmitting), computed from the stored row. Two forms:
 *
 * - without `index`: the text is replaced. When the message also has content parts with
 *   exactly one text part, that part gets the same text so the two never disagree (with
 *   several text parts interleaved with thinking or tool calls there is no single place the
 *   text belongs, so the parts are left alone, as LibreChat leaves them).
 * - with `index`: content part `index` (a text part) is replaced, and `text` becomes the text
 *   parts joined — the way the chat engine builds `text` from the parts of a reply.
 *
 * The token count follows: recounted for a plain edit; for a part edit the old part's share is
 * taken out and the new one added (LibreChat's arithmetic), so parts not edited keep the count
 * the provider reported for them.
 */
import { INVALID_INDEX, NON_TEXT_PART, type UpdateMessageBody } from '../../contract/messages';
import type { WireContentPart } from '../../contract/stream';
import { parseContent, type MessageEdit, type MessageRow } from '../../db/messages';
import { HttpError } from '../../http-error';
import { countTokens } from '../../engine/tokens';

/** A text part's text: a string, or the assistants API's `{value}` form. */
function partText(part: WireContentPart): string {
  const text: unknown = 'text' in part ? part.text : undefined;
  if (typeof text === 'string') return text;
  if (typeof text === 'object' && text !== null && 'value' in text && typeof text.value === 'string') return text.value;
  return '';
}

function withText(part: WireContentPart, text: string): WireContentPart {
  return { ...part, type: 'text', text };
}

export function computeEdit(
  current: MessageRow,
  body: Pick<UpdateMessageBody, 'text' | 'index' | 'model'>,
): MessageEdit {
  const model = body.model ?? current.model;
  const content = parseContent(current.content);

  if (body.index === undefined) {
    const textIndexes = (content ?? []).flatMap((part, index) => (part.type === 'text' ? [index] : []));
    const only = textIndexes.length === 1 ? textIndexes[0] : undefined;
    const nextContent =
      content && only !== undefined
        ? JSON.stringify(content.map((part, index) => (index === only ? withText(part, body.text) : part)))
        : current.content;
    return { text: body.text, content: nextContent, tokenCount: countTokens(body.text, model) };
  }

  const part = content?.[body.index];
  if (!content || !part) throw new HttpError(400, INVALID_INDEX, 'validation_error');
  if (part.type !== 'text') throw new HttpError(400, NON_TEXT_PART, 'validation_error');
  const nextContent = content.map((each, index) => (index === body.index ? withText(each, body.text) : each));
  const text = nextContent
    .filter((each) => each.type === 'text')
    .map(partText)
    .join('');
  const tokenCount =
    current.tokenCount === null
      ? null
      : Math.max(0, current.tokenCount - countTokens(partText(part), model)) + countTokens(body.text, model);
  return { text, content: JSON.stringify(nextContent), tokenCount };
}
