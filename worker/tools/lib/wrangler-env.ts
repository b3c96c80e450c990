/**
 * The environment of a wrangler run on this machine (`wrangler dev`, local D1 and KV). Two
 * downloads are turned off unless the user set the variable themselves:
 * - usage metrics (`WRANGLER_SEND_METRICS`): sending them stalls a start when offline;
 * - the `Request.cf` sample (`CLOUDFLARE_CF_FETCH_ENABLED`), which the local runtime fetches
 *   from workers.cloudflare.com to fill `request.cf`. Offline, each start printed a DNS error
 *   with a stack trace that read like a failure. The app reads nothing from `request.cf`, so
 *   the built-in placeholder serves as well, online or not.
 */
export function localWranglerEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...base,
    WRANGLER_SEND_METRICS: base.WRANGLER_SEND_METRICS ?? 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: base.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
  };
}
