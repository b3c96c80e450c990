import type { Prompt, PromptGroup, PromptGroupSummary } from '../../contract/prompts';
import type { ListedGroup } from '../../db/prompt-lists';
import type { PromptGroupRow, PromptRow } from '../../db/prompts';

/** Rows to the API's LibreChat-shaped answers: ids as `_id`, the author's id as `author`, ISO dates. */

const iso = (ms: number) => new Date(ms).toISOString();

export function toApiPrompt(row: PromptRow): Prompt {
  return {
    _id: row.id,
    groupId: row.groupId,
    author: row.userId,
    prompt: row.prompt,
    type: row.type,
    labels: row.labels,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toApiGroup(row: PromptGroupRow): PromptGroup {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    oneliner: row.oneliner,
    command: row.command,
    author: row.userId,
    authorName: row.authorName,
    productionId: row.productionId,
    numberOfGenerations: row.numberOfGenerations,
    projectIds: row.projectIds,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A group of a list, with its production version's text. */
export function toListedGroup(row: ListedGroup): PromptGroup {
  const { productionText, ...group } = row;
  return { ...toApiGroup(group), productionPrompt: productionText === null ? null : { prompt: productionText } };
}

/** A group for the `/` command: what it shows and inserts. */
export function toGroupSummary(row: ListedGroup): PromptGroupSummary {
  return {
    _id: row.id,
    name: row.name,
    oneliner: row.oneliner,
    category: row.category,
    author: row.userId,
    authorName: row.authorName,
    command: row.command,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    productionPrompt: row.productionText === null ? null : { prompt: row.productionText },
  };
}
