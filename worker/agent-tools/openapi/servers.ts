/**
 * The server an operation is sent to: the first of its own `servers`, else its path's, else the
 * document's. Variables take their defaults. The URL must be absolute http(s) and its host must
 * be the action's domain, so a document cannot send the action's credentials elsewhere.
 */
import { isRecord, pathTo, type SpecProblem } from './problems';

export class ServerResolver {
  /** Resolved (or failed: null) per place `servers` was written, so each problem is told once. */
  private readonly seen = new Map<string, string | null>();

  constructor(
    private readonly domain: string,
    readonly problems: SpecProblem[],
  ) {}

  /** The server URL (no trailing slash) from the first `servers` list present, or null after a problem. */
  resolve(candidates: readonly { servers: unknown; at: string }[]): string | null {
    const chosen = candidates.find((candidate) => candidate.servers !== undefined) ?? candidates.at(-1);
    if (!chosen) return null;
    const known = this.seen.get(chosen.at);
    if (known !== undefined) return known;
    const url = this.check(chosen.servers, chosen.at);
    this.seen.set(chosen.at, url);
    return url;
  }

  private check(servers: unknown, at: string): string | null {
    const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
    const where = pathTo(pathTo(at, 0), 'url');
    if (!isRecord(first) || typeof first.url !== 'string' || first.url.trim() === '')
      return this.fail(at, 'A server URL is required (servers[0].url)');
    const text = substitute(first.url.trim(), first.variables);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return this.fail(where, `The server URL "${text}" must be absolute (https://api.example.com/...)`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return this.fail(where, `The server URL "${text}" must use http or https`);
    if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '')
      return this.fail(where, `The server URL "${text}" must have no credentials, query or fragment`);
    if (url.hostname.toLowerCase().replace(/\.+$/, '') !== this.domain)
      return this.fail(
        where,
        `The server URL's domain (${url.hostname}) must match the action's domain (${this.domain})`,
      );
    return url.href.replace(/\/+$/, '');
  }

  private fail(path: string, message: string): null {
    this.problems.push({ path, message });
    return null;
  }
}

/** `{name}` in a server URL replaced by the variable's default. */
function substitute(url: string, variables: unknown): string {
  if (!isRecord(variables)) return url;
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isRecord(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
}

/** The host part of an action's domain as users write it (`api.example.com` or `https://api.example.com/`). */
export function domainHost(domain: string): string {
  const trimmed = domain.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`).hostname.replace(/\.+$/, '');
  } catch {
    return trimmed;
  }
}
