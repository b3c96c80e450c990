/**
 * A message row's height before it is drawn, from its text. The virtualiser places rows by these
 * estimates until it measures them; a long conversation opens at its end, where every row that
 * comes out taller than guessed pushes the last message down and costs another scroll, range
 * and render before the end is in view. Within a few lines is close enough.
 *
 * The figures follow the row's layout (message-view.tsx): 12 px padding above and below, a
 * 28 px name line, 28 px lines of text in a column of about 90 characters, a margin between
 * markdown blocks, and 20 px lines of code under a code block's header.
 */
const ROW_CHROME_PX = 52;
const TEXT_LINE_PX = 28;
const CHARS_PER_LINE = 90;
const BLOCK_GAP_PX = 16;
const CODE_LINE_PX = 20;
const CODE_BLOCK_CHROME_PX = 56;
/** A reply with no text yet (a tool call, an image, a reply starting): about one line. */
const EMPTY_ROW_PX = ROW_CHROME_PX + TEXT_LINE_PX;

export function estimateRowPx(text: string, isCreatedByUser: boolean): number {
  if (text.trim() === '') return EMPTY_ROW_PX;
  let height = ROW_CHROME_PX;
  let inCode = false;
  for (const line of text.split('\n')) {
    const fence = line.trimStart().startsWith('```');
    if (fence) {
      if (!inCode) height += CODE_BLOCK_CHROME_PX;
      inCode = !inCode;
    } else if (inCode) {
      height += CODE_LINE_PX;
    } else if (line.trim() === '') {
      // A blank line separates markdown blocks (paragraphs, lists); typed text keeps it as a line.
      height += isCreatedByUser ? TEXT_LINE_PX : BLOCK_GAP_PX;
    } else {
      height += Math.ceil(line.length / CHARS_PER_LINE) * TEXT_LINE_PX;
    }
  }
  return height;
}

interface EstimatedMessage {
  text: string;
  isCreatedByUser: boolean;
}

/**
 * By message object: the virtualiser asks again for every row whenever the branch changes,
 * which a streaming reply does per token. Messages are replaced, never changed in place, so a
 * message's estimate stays right for as long as it is the same object.
 */
const estimates = new WeakMap<EstimatedMessage, number>();

export function estimateMessageRowPx(message: EstimatedMessage): number {
  let height = estimates.get(message);
  if (height === undefined) {
    height = estimateRowPx(message.text, message.isCreatedByUser);
    estimates.set(message, height);
  }
  return height;
}
