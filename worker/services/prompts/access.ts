import type { Context } from 'hono';
import {
  PROMPT_GROUP_NOT_FOUND_MESSAGE,
  PROMPT_NOT_FOUND_MESSAGE,
  promptGroupIdSchema,
  promptIdSchema,
} from '../../contract/prompts';
import { ERROR_CODES } from '../../contract/errors';
import { findPrompt, findVisibleGroup, type PromptCaller, type PromptGroupRow, type PromptRow } from '../../db/prompts';
import type { AppEnv } from '../../env';
import { HttpError } from '../../http-error';
import { currentUser } from '../../middleware/auth';

/**
 * Who may do what with a prompt group. Seeing it: its author, and everyone once it is shared
 * with the instance. Changing it, its versions or its production version: the author, and an
 * admin once it is shared. Of a shared group, those who may not change it read only the
 * production version: the text it is used with, not the author's drafts. Another user's
 * private group is "not found" to everyone, admins included: nobody learns that it exists.
 */

export const NOT_PROMPT_EDITOR_MESSAGE = 'Only the author or an admin can change this prompt';

export function callerOf(c: Context<AppEnv>): PromptCaller {
  const user = currentUser(c);
  return { userId: user.id, isAdmin: user.role === 'ADMIN' };
}

/** The name shown as the group's author: the account's name, else its username. */
export function authorNameOf(c: Context<AppEnv>): string {
  const user = currentUser(c);
  return user.name || user.username || '';
}

export function mayEdit(group: PromptGroupRow, caller: PromptCaller): boolean {
  return group.userId === caller.userId || (caller.isAdmin && group.isShared);
}

export function mayReadVersion(group: PromptGroupRow, prompt: PromptRow, caller: PromptCaller): boolean {
  return mayEdit(group, caller) || group.productionId === prompt.id;
}

export const groupNotFound = () => new HttpError(404, PROMPT_GROUP_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
export const promptNotFound = () => new HttpError(404, PROMPT_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
export const notEditor = () => new HttpError(403, NOT_PROMPT_EDITOR_MESSAGE, ERROR_CODES.forbidden);

/** The group `id` names if the caller sees it; 404 for anything else, malformed ids included. */
export async function visibleGroupOr404(c: Context<AppEnv>, id: string | undefined): Promise<PromptGroupRow> {
  const parsed = promptGroupIdSchema.safeParse(id);
  const group = parsed.success ? await findVisibleGroup(c.env.DB, currentUser(c).id, parsed.data) : null;
  if (!group) throw groupNotFound();
  return group;
}

/** The group the caller sees and may change; 404 when unseen, 403 when only seen. */
export async function editableGroupOr404(c: Context<AppEnv>, id: string | undefined): Promise<PromptGroupRow> {
  const group = await visibleGroupOr404(c, id);
  if (!mayEdit(group, callerOf(c))) throw notEditor();
  return group;
}

/**
 * The version the path's `promptId` names with its group, if the caller may read it (and, when
 * `groupId` is given, it belongs to that group); 404 for anything else.
 */
export async function readableVersionOr404(
  c: Context<AppEnv>,
  groupId?: string,
): Promise<{ prompt: PromptRow; group: PromptGroupRow }> {
  const parsed = promptIdSchema.safeParse(c.req.param('promptId'));
  const prompt = parsed.success ? await findPrompt(c.env.DB, parsed.data) : null;
  if (!prompt || (groupId !== undefined && prompt.groupId !== groupId)) throw promptNotFound();
  const group = await findVisibleGroup(c.env.DB, currentUser(c).id, prompt.groupId);
  if (!group || !mayReadVersion(group, prompt, callerOf(c))) throw promptNotFound();
  return { prompt, group };
}
