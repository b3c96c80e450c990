import { z } from 'zod';

/**
 * The prompt library: prompt groups (a named prompt with its versions) under `/api/prompts*`.
 * Shapes follow LibreChat's, so its client could talk to this API: ids are `_id`, the author
 * is `author`, and the group page's numbers travel as strings.
 */

export const PROMPT_LIMITS = {
  nameMax: 256,
  /** The one-line description shown under a prompt's name. */
  onelinerMax: 120,
  /** A `/` command; the chat's shared maximum for commands. */
  commandMax: 56,
  categoryMax: 128,
  /** Long templates are common; this keeps a version far below D1's row limit. */
  promptMax: 100_000,
  labelsMax: 16,
  labelMax: 64,
  pageSizeDefault: 10,
  pageSizeMax: 100,
  randomLimitDefault: 8,
  randomLimitMax: 50,
} as const;

/** Category filters with a meaning of their own (any other value is an exact category). */
export const PROMPT_CATEGORY_FILTERS = {
  mine: 'sys__my__prompts__sys',
  noCategory: 'sys__no__category__sys',
  shared: 'sys__shared__prompts__sys',
} as const;

export const PROMPT_GROUP_NOT_FOUND_MESSAGE = 'Prompt group not found';
export const PROMPT_NOT_FOUND_MESSAGE = 'Prompt not found';

/**
 * A command as the user may type it after `/`: lower case, spaces become hyphens, anything
 * but a-z, 0-9 and hyphens is dropped, and it is cut at the maximum. The web applies it while
 * typing and the server again on save, so a stored command always matches what `/` looks up.
 */
export function normalizePromptCommand(input: string): string {
  return input
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, PROMPT_LIMITS.commandMax);
}

/** Ours are 21 nanoid characters; LibreChat imports bring 24 hex digits. */
export const promptIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a prompt id');
export const promptGroupIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a prompt group id');

export const PROMPT_TYPES = ['text', 'chat'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

const promptTextSchema = z
  .string({ error: 'Prompt is required' })
  .max(PROMPT_LIMITS.promptMax, `Prompt must be at most ${PROMPT_LIMITS.promptMax} characters`)
  .refine((text) => text.trim().length > 0, 'Prompt is required');

const groupNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PROMPT_LIMITS.nameMax, `Name must be at most ${PROMPT_LIMITS.nameMax} characters`);

const categorySchema = z
  .string({ error: 'Category must be text' })
  .trim()
  .max(PROMPT_LIMITS.categoryMax, `Category must be at most ${PROMPT_LIMITS.categoryMax} characters`);

const onelinerSchema = z
  .string({ error: 'Oneliner must be text' })
  .max(PROMPT_LIMITS.onelinerMax, `Oneliner must be at most ${PROMPT_LIMITS.onelinerMax} characters`);

/** Normalised rather than refused: what the web shows while typing is what is saved. */
const commandSchema = z.string({ error: 'Command must be text' }).transform(normalizePromptCommand);

const projectIdsSchema = z.array(z.string().min(1).max(64)).max(16);

/**
 * `POST /api/prompts`. With `group` a new group is created with this text as its first,
 * production version. Without it, `prompt.groupId` names the group that gets a new version
 * (production unchanged), and only when the text differs from the latest version.
 */
export const createPromptBodySchema = z
  .object({
    prompt: z.object({
      prompt: promptTextSchema,
      type: z.enum(PROMPT_TYPES).default('text'),
      groupId: promptGroupIdSchema.optional(),
    }),
    group: z
      .object({
        name: groupNameSchema,
        category: categorySchema.default(''),
        oneliner: onelinerSchema.default(''),
        command: commandSchema.optional(),
      })
      .optional(),
  })
  .refine((body) => body.group !== undefined || body.prompt.groupId !== undefined, {
    message: 'A new version needs prompt.groupId; a new prompt needs group.name',
    path: ['prompt', 'groupId'],
  });
export type CreatePromptBody = z.input<typeof createPromptBodySchema>;
export type CreatePromptInput = z.output<typeof createPromptBodySchema>;

/** `PATCH /api/prompts/groups/{id}`: one or more of these fields; sharing adds or removes the instance project id. */
export const updatePromptGroupBodySchema = z.object({
  name: groupNameSchema.optional(),
  category: categorySchema.optional(),
  oneliner: onelinerSchema.optional(),
  command: commandSchema.optional(),
  projectIds: projectIdsSchema.optional(),
  removeProjectIds: projectIdsSchema.optional(),
});
export type UpdatePromptGroupBody = z.input<typeof updatePromptGroupBodySchema>;
export type UpdatePromptGroupInput = z.output<typeof updatePromptGroupBodySchema>;

/** `PATCH /api/prompts/{id}/labels`. */
export const updatePromptLabelsBodySchema = z.object({
  labels: z.array(z.string().trim().min(1).max(PROMPT_LIMITS.labelMax)).max(PROMPT_LIMITS.labelsMax),
});
export type UpdatePromptLabelsBody = z.input<typeof updatePromptLabelsBodySchema>;

const pageNumberSchema = z.coerce.number().int().min(1).default(1);

/** `GET /api/prompts/groups`. `category` may be one of {@link PROMPT_CATEGORY_FILTERS}. */
export const listPromptGroupsQuerySchema = z.object({
  pageNumber: pageNumberSchema,
  pageSize: z.coerce.number().int().min(1).max(PROMPT_LIMITS.pageSizeMax).default(PROMPT_LIMITS.pageSizeDefault),
  name: z.string().max(PROMPT_LIMITS.nameMax).optional(),
  category: z.string().max(PROMPT_LIMITS.categoryMax).optional(),
});
export type ListPromptGroupsQuery = z.output<typeof listPromptGroupsQuerySchema>;

/** `GET /api/prompts/random`. */
export const randomPromptsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PROMPT_LIMITS.randomLimitMax).default(PROMPT_LIMITS.randomLimitDefault),
  skip: z.coerce.number().int().min(0).default(0),
});

/** `GET /api/prompts?groupId=` lists a group's versions. */
export const listPromptsQuerySchema = z.object({ groupId: promptGroupIdSchema });

/** `DELETE /api/prompts/{id}?groupId=`. */
export const deletePromptQuerySchema = z.object({ groupId: promptGroupIdSchema });

/* Responses (types only: the web trusts its own server's answers). */

export type Prompt = {
  _id: string;
  groupId: string;
  author: string;
  prompt: string;
  type: PromptType;
  labels: string[];
  createdAt: string;
  updatedAt: string;
};

export type PromptGroup = {
  _id: string;
  name: string;
  category: string;
  oneliner: string;
  command: string | null;
  author: string;
  authorName: string;
  productionId: string | null;
  numberOfGenerations: number;
  projectIds: string[];
  createdAt: string;
  updatedAt: string;
  /** The production version's text; on list answers only. */
  productionPrompt?: { prompt: string } | null;
};

/** `GET /api/prompts/groups`: numbers as strings, as LibreChat sends them. */
export type PromptGroupPage = {
  promptGroups: PromptGroup[];
  pageNumber: string;
  pageSize: string;
  pages: string;
};

/** `GET /api/prompts/all`: every group the user may use, for the `/` command. */
export type PromptGroupSummary = Pick<
  PromptGroup,
  '_id' | 'name' | 'oneliner' | 'category' | 'author' | 'authorName' | 'command' | 'createdAt' | 'updatedAt'
> & { productionPrompt: { prompt: string } | null };

/** `GET /api/prompts/random`. */
export type RandomPrompts = { prompts: PromptGroup[] };

/** `POST /api/prompts`: `group` only when one was created. */
export type CreatePromptResult = { prompt: Prompt; group?: PromptGroup };

/** `DELETE /api/prompts/{id}`: `promptGroup` when the group went with its last version. */
export type DeletePromptResult = {
  prompt: string;
  promptGroup?: { message: string; id: string };
};

/** `PATCH /api/prompts/{id}/labels`: LibreChat's message, and the version as it now is. */
export type UpdatePromptLabelsResult = { message: string; prompt: Prompt };
