import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { loadAppConfig } from '../services/config/store';
import { effectiveFileConfig } from '../services/files/file-config';
import { filesManage } from './files-manage';

/** `/api/files`: the upload limits in force (see services/files/file-config.ts). */
export const files = new Hono<AppEnv>().get('/config', requireAuth, async (c) =>
  c.json(effectiveFileConfig(await loadAppConfig(c.env))),
);
// The file list, delete, download and file links (routes/files-manage.ts).
files.route('/', filesManage);
