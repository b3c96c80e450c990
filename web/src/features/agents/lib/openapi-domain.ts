/**
 * The host of an OpenAPI document's first server, read from JSON or a YAML `url:` line, to
 * suggest the action's domain. The server parses the document for real; this only fills a hint.
 */
export function domainOfSpec(spec: string): string | null {
  const text = spec.trim();
  if (!text) return null;
  let url: string | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    const servers = typeof parsed === 'object' && parsed !== null && 'servers' in parsed ? parsed.servers : null;
    const first: unknown = Array.isArray(servers) ? servers[0] : null;
    if (typeof first === 'object' && first !== null && 'url' in first && typeof first.url === 'string') url = first.url;
  } catch {
    url = /^\s*-?\s*url:\s*['"]?([^\s'"]+)/m.exec(text)?.[1] ?? null;
  }
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
