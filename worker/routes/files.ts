import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { loadAppConfig } from '../services/config/store';
import { effectiveFileConfig } from '../services/files/file-config';
import { filesUpload } from './files-upload';

/** `/api/files`: the upload limits in force (see services/files/file-config.ts). */
export const files = new Hono<AppEnv>()
  .get('/config', requireAuth, async (c) => c.json(effectiveFileConfig(await loadAppConfig(c.env))))
  .route('/', filesUpload);
