import { INSTANCE_PROJECT_ID } from '../../contract/agents';
import { ERROR_CODES } from '../../contract/errors';
import type { CreatePromptInput, UpdatePromptGroupInput } from '../../contract/prompts';
import {
  deleteVersionIfEditor,
  insertGroupWithVersion,
  insertVersionIfChanged,
  listVersions,
  updateGroupIfEditor,
  type DeletedVersion,
  type PromptCaller,
  type PromptGroupChanges,
  type PromptGroupRow,
  type PromptRow,
} from '../../db/prompts';
import { HttpError } from '../../http-error';
import { groupNotFound, mayEdit, notEditor, promptNotFound } from './access';

/** 21 characters of nanoid's alphabet, as the contract's ids expect. */
export function newPromptId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (byte) => alphabet[byte & 63]).join('');
}

/** An empty command is no command: `/` lists only groups that have one. */
const commandColumn = (command: string | undefined) => (command ? command : null);

/** A new group whose first version is `input.prompt`, in production. The route checked CREATE. */
export async function createGroup(
  d1: D1Database,
  caller: PromptCaller,
  authorName: string,
  input: CreatePromptInput & { group: NonNullable<CreatePromptInput['group']> },
): Promise<{ group: PromptGroupRow; prompt: PromptRow }> {
  const { group, prompt } = input;
  return insertGroupWithVersion(
    d1,
    caller.userId,
    { groupId: newPromptId(), promptId: newPromptId() },
    {
      name: group.name,
      category: group.category,
      oneliner: group.oneliner,
      command: commandColumn(group.command),
      authorName,
    },
    { prompt: prompt.prompt, type: prompt.type },
  );
}

/**
 * A new version of `group` (production unchanged), or, when the text equals the latest
 * version's, that latest version as it is: saving unchanged text writes nothing.
 */
export async function addVersion(
  d1: D1Database,
  caller: PromptCaller,
  group: PromptGroupRow,
  prompt: CreatePromptInput['prompt'],
): Promise<PromptRow> {
  if (!mayEdit(group, caller)) throw notEditor();
  const ids = { groupId: group.id, promptId: newPromptId() };
  const written = await insertVersionIfChanged(d1, caller, ids, { prompt: prompt.prompt, type: prompt.type });
  if (written) return written;
  // Nothing written: the text is the latest's, or the group went (or stopped being ours) meanwhile.
  const [latest] = await listVersions(d1, group.id);
  if (!latest || latest.prompt !== prompt.prompt) throw groupNotFound();
  return latest;
}

/** Whether a PATCH body changes sharing (which needs PROMPTS SHARED_GLOBAL). */
export function touchesSharing(body: UpdatePromptGroupInput): boolean {
  return body.projectIds !== undefined || body.removeProjectIds !== undefined;
}

/** The group's projects after the body's additions and removals; the instance is the only project. */
function projectsAfter(
  group: PromptGroupRow,
  body: UpdatePromptGroupInput,
): Pick<PromptGroupChanges, 'projectIds' | 'isShared'> {
  const named = [...(body.projectIds ?? []), ...(body.removeProjectIds ?? [])];
  if (named.some((id) => id !== INSTANCE_PROJECT_ID)) {
    throw new HttpError(
      400,
      `Prompts can only be shared with the instance project (${INSTANCE_PROJECT_ID})`,
      ERROR_CODES.validation,
    );
  }
  const projects = new Set(group.projectIds);
  for (const id of body.projectIds ?? []) projects.add(id);
  for (const id of body.removeProjectIds ?? []) projects.delete(id);
  return { projectIds: [...projects], isShared: projects.has(INSTANCE_PROJECT_ID) };
}

/** Applies a PATCH the route has authorised (visible; sharing permission checked). */
export async function updateGroup(
  d1: D1Database,
  caller: PromptCaller,
  group: PromptGroupRow,
  body: UpdatePromptGroupInput,
): Promise<PromptGroupRow> {
  if (!mayEdit(group, caller)) throw notEditor();
  const { projectIds: _add, removeProjectIds: _remove, command, ...fields } = body;
  const changes: PromptGroupChanges = {
    ...fields,
    ...(command !== undefined ? { command: commandColumn(command) } : {}),
    ...(touchesSharing(body) ? projectsAfter(group, body) : {}),
  };
  if (Object.keys(changes).length === 0) return group;
  const updated = await updateGroupIfEditor(d1, caller, group.id, changes);
  if (!updated) throw groupNotFound();
  return updated;
}

/** Deletes one version; see {@link deleteVersionIfEditor} for production and the last version. */
export async function deleteVersion(
  d1: D1Database,
  caller: PromptCaller,
  group: PromptGroupRow,
  promptId: string,
): Promise<Extract<DeletedVersion, { deleted: true }>> {
  if (!mayEdit(group, caller)) throw notEditor();
  const outcome = await deleteVersionIfEditor(d1, caller, group.id, promptId);
  if (!outcome.deleted) throw promptNotFound();
  return outcome;
}
