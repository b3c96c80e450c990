import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Liveness check polled by the SPA every 10 minutes; answers without touching storage. */
export const health = new Hono<AppEnv>().get('/', (c) => c.text('OK'));
