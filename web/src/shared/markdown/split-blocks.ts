/**
 * Cuts markdown into runs of top-level blocks that render the same apart as together, so each
 * run can be memoised: while a reply streams, only its last run is parsed again per token,
 * instead of the whole reply.
 *
 * A cut goes before a line that starts a new top-level block after a blank line: it begins at
 * column 0 and is not a list item (a list may continue across blank lines) nor inside a code
 * fence or a $$ math block. Indented lines may continue a list item or be code, so they never
 * start a cut. Cuts depend only on the text before them (plus one character), so they do not
 * move as the reply grows.
 */
export function splitBlocks(markdown: string): string[] {
  // Reference links and footnotes resolve across the whole message: keep it in one piece.
  if (DEFINITION.test(markdown)) return [markdown];

  const blocks: string[] = [];
  let blockStart = 0;
  let offset = 0;
  let previousBlank = false;
  let fence: Fence | null = null;
  for (const line of markdown.split(/(?<=\n)/)) {
    const content = line.replace(/\r?\n$/, '');
    if (fence) {
      if (closesFence(content, fence)) fence = null;
    } else {
      if (previousBlank && offset > blockStart && STARTS_TOP_LEVEL_BLOCK.test(content) && !LIST_ITEM.test(content)) {
        blocks.push(markdown.slice(blockStart, offset));
        blockStart = offset;
      }
      fence = openingFence(content);
    }
    previousBlank = !fence && !content.trim();
    offset += line.length;
  }
  blocks.push(markdown.slice(blockStart));
  return blocks;
}

interface Fence {
  run: string;
  indent: number;
}

function openingFence(line: string): Fence | null {
  const match = FENCE.exec(line);
  return match?.[2] ? { run: match[2], indent: match[1]?.length ?? 0 } : null;
}

/**
 * A closing fence: the same character, at least as long, nothing after it, and not indented
 * 4+ columns past the opening one (such a line is still code, as CommonMark reads it).
 */
function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE.exec(line);
  const run = match?.[2];
  return (
    !!run &&
    run.charAt(0) === fence.run.charAt(0) &&
    run.length >= fence.run.length &&
    (match[1]?.length ?? 0) < fence.indent + 4 &&
    !line.slice(match[0].length).trim()
  );
}

/** `[label]: url` or `[^note]: text` at the start of a line. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
/** A code fence (``` or ~~~) or a remark-math block fence ($$), opening or closing. */
const FENCE = /^(?:[ \t]*>)*([ \t]*)(`{3,}|~{3,}|\${2,})/;
const STARTS_TOP_LEVEL_BLOCK = /^[^\s]/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
