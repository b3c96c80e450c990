/**
 * How long a failed connection (no data at all) waits before its error shows, as LibreChat
 * waits. A re-attach that brings data within this time means the user never sees it.
 */
export const CONNECTION_ERROR_DELAY_MS = 5_500;

/**
 * How long after a new conversation's first reply its title is asked for, as in LibreChat.
 * The server generates the title once the reply is saved; asking a little later lets it
 * answer at once instead of holding the request.
 */
export const TITLE_DELAY_MS = 2_500;
