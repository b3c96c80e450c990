import { config } from 'zod';

/**
 * Zod compiles faster parsers with `new Function` when it can, and probes for that by calling
 * `Function('')`. The app's Content Security Policy has no 'unsafe-eval', so the probe would be
 * refused and reported as a violation on every page; jitless mode never tries.
 */
config({ jitless: true });
