/**
 * `npm run bench -- <id> …`: the figure groups named on the command line, in the bench's own
 * order; every group when none is named. A misspelt id fails before anything is measured,
 * rather than after minutes of the other groups.
 */
export function selectGroups<G extends { id: string }>(groups: readonly G[], ids: readonly string[]): G[] {
  const unknown = ids.filter((id) => !groups.some((group) => group.id === id));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown bench group ${unknown.join(', ')}; the groups are ${groups.map((group) => group.id).join(', ')}.`,
    );
  }
  return ids.length === 0 ? [...groups] : groups.filter((group) => ids.includes(group.id));
}
