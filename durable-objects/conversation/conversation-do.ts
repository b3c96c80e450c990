import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../../worker/env';

/**
 * One instance per conversation id (SQLite-backed, see wrangler.toml). It is the single owner
 * of its conversation's generations: streaming, fan-out to every attached client, abort and
 * resume after reload. The run lifecycle is built by the chat engine; until then the class
 * exists so the binding and its storage class are declared from the first deploy, because a
 * Durable Object's storage backend cannot be changed after it is created.
 */
export class ConversationDO extends DurableObject<Env> {}
