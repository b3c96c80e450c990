/**
 * A token count without a vocabulary: the text is cut into the pieces a GPT-style BPE
 * pre-tokenizer makes (words with their leading space, digit groups, symbol runs, whitespace
 * runs) and each piece is priced by its script and length. One linear regex pass and no
 * tables, so it runs anywhere (Worker, DO) in well under a millisecond per 10 KB.
 *
 * Why not simply characters / 4: measured against o200k_base (gpt-4o's BPE), characters / 4
 * undercounts English prose by ~12%, code and JSON by up to 35%, and Chinese, Japanese and
 * Korean by 50–65%; context truncation must not undercount (the provider then refuses the
 * prompt as too long). The weights below were fitted on English prose, TypeScript source,
 * JSON and TypeScript's diagnostics in 13 languages; on that corpus the estimate lands
 * between 0.85× and 1.3× the o200k count, mostly a little high (estimate.test.ts keeps
 * reference counts). Older BPEs (cl100k_base, gpt-4 / gpt-3.5) need more tokens for
 * non-Latin scripts than o200k, so there the estimate can be low by a further ~30%.
 */

/**
 * The pieces, after the pre-tokenizer of OpenAI's BPEs: a word takes one leading space or
 * symbol with it (" hello" is one token), numbers go in groups of up to three digits, a symbol
 * run takes one leading space, and whitespace runs (indentation, blank lines) stand alone.
 */
const PIECES =
  /(?<word>[^\r\n\p{L}\p{M}\p{N}]?[\p{L}\p{M}]+(?:'[a-z]{1,2})?)|(?<digits>\p{N}{1,3})|(?<symbols> ?[^\s\p{L}\p{M}\p{N}]+[\r\n]*)|(?<space>\s+)/gu;

/** A leading space or symbol that a word piece took with it. */
const LEADING_NON_LETTER = /^[^\p{L}\p{M}]/u;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** An ASCII word this long or shorter is one token (common English words and identifiers are). */
const ASCII_WORD_ONE_TOKEN_CHARS = 6;
/** Longer ASCII words split into pieces of about this many characters. */
const ASCII_CHARS_PER_TOKEN = 5;
/**
 * Other alphabetic scripts (accented Latin, Cyrillic, Greek, Arabic, Indic, …) have fewer
 * merges in the vocabulary: a short word is one token, longer ones about this many
 * characters per token.
 */
const OTHER_WORD_ONE_TOKEN_CHARS = 4;
const OTHER_CHARS_PER_TOKEN = 3.5;
/** Runs of punctuation and symbols merge a little ("();", "=>", "//"). */
const SYMBOL_CHARS_PER_TOKEN = 1.5;

/** Tokens per character of the scripts written without spaces between words. */
const WIDE_SCRIPTS: readonly { pattern: RegExp; tokensPerChar: number }[] = [
  // Han ideographs (Chinese, Japanese kanji): about one token each, often more for rare ones.
  { pattern: /[\u2e80-\u2fff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u, tokensPerChar: 1 },
  // Kana (and half-width kana): common syllable pairs merge.
  { pattern: /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u, tokensPerChar: 0.9 },
  // Hangul syllables and jamo: frequent syllables merge in o200k.
  { pattern: /[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/u, tokensPerChar: 0.6 },
];

function wideWeight(char: string): number | undefined {
  return WIDE_SCRIPTS.find((script) => script.pattern.test(char))?.tokensPerChar;
}

function wordTokens(word: string): number {
  if (ASCII_ONLY.test(word)) {
    return word.length <= ASCII_WORD_ONE_TOKEN_CHARS ? 1 : Math.ceil(word.length / ASCII_CHARS_PER_TOKEN);
  }
  let wide = 0;
  let ascii = 0;
  let other = 0;
  for (const char of word) {
    const weight = wideWeight(char);
    if (weight !== undefined) wide += weight;
    else if (char.charCodeAt(0) <= 0x7f) ascii += 1;
    else other += 1;
  }
  const letters = ascii + other;
  let tokens = Math.ceil(wide);
  if (letters > 0 && wide === 0 && letters <= OTHER_WORD_ONE_TOKEN_CHARS) tokens += 1;
  else if (letters > 0) tokens += Math.ceil(other / OTHER_CHARS_PER_TOKEN + ascii / ASCII_CHARS_PER_TOKEN);
  return tokens;
}

/** The estimated token count of `text` (0 for the empty string). */
export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const match of text.matchAll(PIECES)) {
    const { word, symbols } = match.groups ?? {};
    if (word !== undefined) tokens += wordTokens(word.replace(LEADING_NON_LETTER, ''));
    else if (symbols !== undefined) tokens += Math.max(1, Math.ceil(symbols.trim().length / SYMBOL_CHARS_PER_TOKEN));
    // A digit group, or a whitespace run (indentation, line breaks): one token each.
    else tokens += 1;
  }
  return tokens;
}
