/**
 * Tool keys as names every provider accepts. Keys name tools the app's way — `calculator`,
 * `getWeather_action_api---x` (an action's operation and encoded domain, which may hold `+/=`),
 * `echo_mcp_local server` (an MCP tool and its server's name, with spaces or dots) — while the
 * APIs take only `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$` (the rules of OpenAI, Anthropic, Gemini and
 * Bedrock together). A key that already fits is its own name; others are rewritten, and the
 * returned maps turn a name a model calls back into its key.
 */

export const WIRE_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
const MAX_LENGTH = 64;
/** `_` and a 7-character hash of the key: what tells apart two keys rewritten alike. */
const SUFFIX_LENGTH = 8;

export interface WireNames {
  /** Key → wire name, in the keys' order. */
  byKey: ReadonlyMap<string, string>;
  /** Wire name → key: how a call is traced back to its tool. */
  byWireName: ReadonlyMap<string, string>;
}

/**
 * One wire name per key (duplicate keys share one). The names do not depend on the keys' order:
 * a key that fits keeps its name; a rewritten key whose result is free and unique among the
 * rewritten ones takes it; the others get a hash of their key appended, so no name depends on
 * which tool came first.
 */
export function toWireNames(keys: readonly string[]): WireNames {
  const unique = [...new Set(keys)];
  const taken = new Set(unique.filter((key) => WIRE_NAME.test(key)));
  const rewritten = new Map(unique.filter((key) => !taken.has(key)).map((key) => [key, sanitise(key)]));
  const counts = new Map<string, number>();
  for (const name of rewritten.values()) counts.set(name, (counts.get(name) ?? 0) + 1);

  const byKey = new Map<string, string>();
  for (const key of unique) {
    const base = rewritten.get(key);
    if (base === undefined) {
      byKey.set(key, key);
      continue;
    }
    let name = taken.has(base) || (counts.get(base) ?? 0) > 1 ? withHash(base, key) : base;
    // Two keys whose hashes collide as well are numbered: the one place the order matters.
    for (let n = 2; taken.has(name); n += 1) name = withHash(base, `${key}#${n}`);
    taken.add(name);
    byKey.set(key, name);
  }
  return { byKey, byWireName: new Map([...byKey].map(([key, name]) => [name, key])) };
}

/** Characters outside the set become `_`; a name starts with a letter or `_`; long ones are cut with a hash. */
function sanitise(key: string): string {
  let name = key.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (!/^[a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.length > MAX_LENGTH ? withHash(name, key) : name;
}

function withHash(name: string, key: string): string {
  return `${name.slice(0, MAX_LENGTH - SUFFIX_LENGTH)}_${hash(key)}`;
}

/** FNV-1a over the key's UTF-16 code units, as 7 base-36 characters. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36).padStart(SUFFIX_LENGTH - 1, '0');
}
