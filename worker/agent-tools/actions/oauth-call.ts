/**
 * The auth of one call of an OAuth action: the user's token when the worker found a live one;
 * otherwise the user is asked to sign in and the call waits for it. The two texts LibreChat's
 * users know end a call that cannot get a token.
 */
import type { ToolContext, ToolResult } from '../types';
import type { ActionAuth } from './auth';
import { NO_TOKEN_TEXT, TOKEN_EXPIRED_TEXT } from './oauth';

export async function oauthCallAuth(
  actionId: string,
  auth: ActionAuth,
  context: ToolContext,
): Promise<ActionAuth | ToolResult> {
  if (auth.type !== 'oauth' || auth.accessToken !== null) return auth;
  if (auth.expired) return { output: TOKEN_EXPIRED_TEXT, isError: true };
  if (!context.signIn) return { output: NO_TOKEN_TEXT, isError: true };
  const token = await context.signIn(actionId, auth.config, context.signal);
  context.signal.throwIfAborted();
  return token === null ? { output: NO_TOKEN_TEXT, isError: true } : { ...auth, accessToken: token };
}
