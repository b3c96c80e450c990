/*
 * Node tools reuse a few Worker modules (queries, config records) that name Workers types as
 * globals. Only those types are declared here, from the module flavour of the Workers types,
 * so Node's own globals (fetch, Request, …) are not replaced.
 */
declare global {
  type D1Database = import('@cloudflare/workers-types/index').D1Database;
  type D1PreparedStatement = import('@cloudflare/workers-types/index').D1PreparedStatement;
  type D1Result<T = unknown> = import('@cloudflare/workers-types/index').D1Result<T>;
  type KVNamespace = import('@cloudflare/workers-types/index').KVNamespace;
}

export {};
