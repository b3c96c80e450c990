/** Query keys of the agents cache: the builder invalidates `all` after every change. */
export const agentsKeys = {
  all: ['agents'] as const,
  list: (search: string) => ['agents', 'list', search] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
};
