import type { PromptGroupSummary } from '@contract/prompts';
import { filterByQuery } from '../../setup/lib/model-search';

/** A prompt `/` can insert: one with a production version. */
export interface PromptEntry {
  id: string;
  name: string;
  command: string | null;
  oneliner: string;
  text: string;
}

/**
 * The prompts matching what follows `/`, by command or name (every word, any case). Those
 * whose command starts with the query come first, so `/sum` puts `/summary` at the top.
 */
export function promptEntries(groups: readonly PromptGroupSummary[], query: string): PromptEntry[] {
  const usable = groups.flatMap((group) =>
    group.productionPrompt
      ? [
          {
            id: group._id,
            name: group.name,
            command: group.command || null,
            oneliner: group.oneliner,
            text: group.productionPrompt.prompt,
          },
        ]
      : [],
  );
  const matches = filterByQuery(usable, query, (entry) => `${entry.command ?? ''} ${entry.name}`);
  const wanted = query.trim().toLowerCase();
  if (!wanted) return matches;
  const startsCommand = (entry: PromptEntry) => (entry.command?.startsWith(wanted) ? 0 : 1);
  return matches
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => startsCommand(a.entry) - startsCommand(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Whether the text has `{{variables}}` the user fills in before it is used. */
export const hasPromptVariables = (text: string): boolean => /\{\{[^{}]+\}\}/.test(text);
