/**
 * Bounds of one conversation import. Every one of them is checked before anything is written,
 * so a refused file leaves no partial import behind.
 */

/**
 * Largest accepted file. The whole file is held in memory three times over (the multipart
 * part, its text, the parsed objects) inside a Worker's 128 MB, so 16 MB leaves room; it is
 * also far more text than 20,000 ordinary chat messages need.
 */
export const IMPORT_MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Room for the multipart boundary and part headers around the file. */
export const IMPORT_MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** Messages (of every conversation, counted as found in the file) one import may hold. */
export const IMPORT_MAX_MESSAGES = 20_000;

/**
 * Conversations one import may hold. Each is written in its own D1 batch (one subrequest),
 * and a Worker invocation may make at most 1,000 subrequests on the paid plan.
 */
export const IMPORT_MAX_CONVERSATIONS = 500;

/**
 * Longest message text (and content parts, as JSON) kept. D1 refuses rows over 2 MB; four
 * UTF-8 bytes per character at worst keeps both fields together under that.
 */
export const IMPORT_MAX_MESSAGE_CHARS = 250_000;

/** Titles are cut to the rename limit (100 characters). */
export const IMPORT_MAX_TITLE_CHARS = 100;

/** Reasons listed in an answer: enough to explain, bounded for a file of 500 bad entries. */
export const IMPORT_MAX_REASONS = 10;
