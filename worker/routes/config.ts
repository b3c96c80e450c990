import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const publicConfig = new Hono<AppEnv>();
