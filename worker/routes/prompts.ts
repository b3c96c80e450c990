import { Hono } from 'hono';
import {
  createPromptBodySchema,
  deletePromptQuerySchema,
  listPromptGroupsQuerySchema,
  listPromptsQuerySchema,
  randomPromptsQuerySchema,
  updatePromptGroupBodySchema,
  updatePromptLabelsBodySchema,
  type CreatePromptResult,
  type DeletePromptResult,
  type ListPromptGroupsQuery,
  type PromptGroupPage,
  type RandomPrompts,
  type UpdatePromptLabelsResult,
} from '../contract/prompts';
import { listAllGroups, listGroupPage, listGroupPerCategory } from '../db/prompt-lists';
import { deleteGroupIfEditor, listVersions, setLabelsIfEditor, setProductionIfEditor } from '../db/prompts';
import type { AppEnv } from '../env';
import { assertPermission, requireAuthWithPermissions, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import {
  authorNameOf,
  callerOf,
  editableGroupOr404,
  groupNotFound,
  mayEdit,
  notEditor,
  promptNotFound,
  readableVersionOr404,
  visibleGroupOr404,
} from '../services/prompts/access';
import { dailyShuffle } from '../services/prompts/random';
import { toApiGroup, toApiPrompt, toGroupSummary, toListedGroup } from '../services/prompts/to-api';
import { addVersion, createGroup, deleteVersion, touchesSharing, updateGroup } from '../services/prompts/write';

/**
 * `/api/prompts`: the prompt library, LibreChat's paths and shapes. Every route needs PROMPTS
 * USE; a new group needs CREATE; sharing needs SHARED_GLOBAL. Who sees and changes what is
 * services/prompts/access.ts; another user's private group or version is a 404 everywhere.
 * The fixed paths come before `/:promptId`, which would otherwise take them.
 */
export const prompts = new Hono<AppEnv>()
  .use('*', requireAuthWithPermissions, requirePermission('PROMPTS', 'USE'))
  .get('/', validate('query', listPromptsQuerySchema), async (c) => {
    const caller = callerOf(c);
    const group = await visibleGroupOr404(c, c.req.valid('query').groupId);
    const versions = await listVersions(c.env.DB, group.id);
    const readable = mayEdit(group, caller) ? versions : versions.filter((row) => row.id === group.productionId);
    return c.json(readable.map(toApiPrompt));
  })
  .get('/all', async (c) => {
    const rows = await listAllGroups(c.env.DB, callerOf(c).userId);
    return c.json(rows.map(toGroupSummary));
  })
  .get('/groups', validate('query', listPromptGroupsQuerySchema), async (c) => {
    const query: ListPromptGroupsQuery = c.req.valid('query');
    const { rows, total } = await listGroupPage(c.env.DB, callerOf(c).userId, {
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      ...(query.name ? { name: query.name } : {}),
      ...(query.category ? { category: query.category } : {}),
    });
    const body: PromptGroupPage = {
      promptGroups: rows.map(toListedGroup),
      pageNumber: String(query.pageNumber),
      pageSize: String(query.pageSize),
      pages: String(Math.ceil(total / query.pageSize)),
    };
    return c.json(body);
  })
  .get('/groups/:groupId', async (c) => {
    return c.json(toApiGroup(await visibleGroupOr404(c, c.req.param('groupId'))));
  })
  .patch('/groups/:groupId', validate('json', updatePromptGroupBodySchema), async (c) => {
    const group = await visibleGroupOr404(c, c.req.param('groupId'));
    const body = c.req.valid('json');
    if (!mayEdit(group, callerOf(c))) throw notEditor();
    if (touchesSharing(body)) await assertPermission(c, 'PROMPTS', 'SHARED_GLOBAL');
    return c.json(toApiGroup(await updateGroup(c.env.DB, callerOf(c), group, body)));
  })
  .delete('/groups/:groupId', async (c) => {
    const group = await editableGroupOr404(c, c.req.param('groupId'));
    if (!(await deleteGroupIfEditor(c.env.DB, callerOf(c), group.id))) throw groupNotFound();
    return c.json({ message: 'Prompt group deleted successfully', id: group.id });
  })
  .get('/random', validate('query', randomPromptsQuerySchema), async (c) => {
    const { limit, skip } = c.req.valid('query');
    const caller = callerOf(c);
    const cards = dailyShuffle(await listGroupPerCategory(c.env.DB, caller.userId), caller.userId);
    const body: RandomPrompts = { prompts: cards.slice(skip, skip + limit).map(toListedGroup) };
    return c.json(body);
  })
  .get('/:promptId', async (c) => {
    const { prompt } = await readableVersionOr404(c);
    return c.json(toApiPrompt(prompt));
  })
  .delete('/:promptId', validate('query', deletePromptQuerySchema), async (c) => {
    const { prompt, group } = await readableVersionOr404(c, c.req.valid('query').groupId);
    const outcome = await deleteVersion(c.env.DB, callerOf(c), group, prompt.id);
    const body: DeletePromptResult = {
      prompt: 'Prompt deleted successfully',
      ...(outcome.groupDeleted ? { promptGroup: { message: 'Prompt group deleted successfully', id: group.id } } : {}),
    };
    return c.json(body);
  })
  .patch('/:promptId/tags/production', async (c) => {
    const caller = callerOf(c);
    const { prompt, group } = await readableVersionOr404(c);
    if (!mayEdit(group, caller)) throw notEditor();
    if (!(await setProductionIfEditor(c.env.DB, caller, group.id, prompt.id))) throw promptNotFound();
    return c.json({ message: 'Prompt production made successfully' });
  })
  .patch('/:promptId/labels', validate('json', updatePromptLabelsBodySchema), async (c) => {
    const caller = callerOf(c);
    const { prompt, group } = await readableVersionOr404(c);
    if (!mayEdit(group, caller)) throw notEditor();
    const labels = [...new Set(c.req.valid('json').labels)];
    const updated = await setLabelsIfEditor(c.env.DB, caller, prompt.id, labels);
    if (!updated) throw promptNotFound();
    const body: UpdatePromptLabelsResult = {
      message: 'Prompt labels updated successfully',
      prompt: toApiPrompt(updated),
    };
    return c.json(body);
  })
  .post('/', validate('json', createPromptBodySchema), async (c) => {
    const caller = callerOf(c);
    const input = c.req.valid('json');
    if (input.group) {
      await assertPermission(c, 'PROMPTS', 'CREATE');
      const created = await createGroup(c.env.DB, caller, authorNameOf(c), { ...input, group: input.group });
      const body: CreatePromptResult = {
        prompt: toApiPrompt(created.prompt),
        group: { ...toApiGroup(created.group), productionPrompt: { prompt: created.prompt.prompt } },
      };
      return c.json(body);
    }
    const group = await visibleGroupOr404(c, input.prompt.groupId);
    const body: CreatePromptResult = { prompt: toApiPrompt(await addVersion(c.env.DB, caller, group, input.prompt)) };
    return c.json(body);
  });
