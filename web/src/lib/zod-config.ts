/**
 * Zod compiles faster parsers with `new Function` when it can, and probes for that by calling
 * `Function('')`. The app's Content Security Policy has no 'unsafe-eval', so the probe would be
 * refused and reported as a violation on every page; jitless mode never tries.
 *
 * Set on the object zod keeps its configuration in (`globalThis.__zod_globalConfig`, which zod's
 * `config()` writes to) rather than through `config()`: importing zod here would put its core into
 * the entry chunk every page downloads, the sign-in page included, when only the chat's chunks
 * parse anything. Mutated, never replaced, so it also holds if zod loaded first. zod-config.test.ts
 * fails if a zod upgrade stops reading it.
 */
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;
