/**
 * The model menu offers a search box only when the list is long (more than 10
 * options); a short list is quicker to scan than to search.
 */
export const MODEL_SEARCH_THRESHOLD = 10;

export const showsModelSearch = (optionCount: number): boolean => optionCount > MODEL_SEARCH_THRESHOLD;

/** Case-insensitive match on every word of the query, in any order ("4o mini" finds gpt-4o-mini). */
export function filterByQuery<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = text(item).toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
