/**
 * The Node-side tests drive the Worker's provider clients (sse.ts annotates reads with the Web
 * Streams type `ReadableStreamReadResult`) against this mock. Node has the streams at runtime,
 * but @types/node 20 only exports that type from `node:stream/web`, not as a global; this makes
 * it global for the tools project. Worker code keeps getting it from @cloudflare/workers-types.
 */
import type { ReadableStreamReadResult as NodeReadableStreamReadResult } from 'node:stream/web';

declare global {
  type ReadableStreamReadResult<T> = NodeReadableStreamReadResult<T>;
}
