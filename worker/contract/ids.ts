/**
 * The longest id (conversation, message, file) any route accepts. Ids are uuids in practice, or
 * placeholders derived from them (`<uuid>_`); imported or client-made ones may be longer, never
 * unbounded.
 */
export const MAX_ID_CHARS = 200;
