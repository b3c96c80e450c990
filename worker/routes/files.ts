import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { loadAppConfig } from '../services/config/store';
import { effectiveFileConfig } from '../services/files/file-config';
import { filesManage } from './files-manage';
import { filesParts } from './files-parts';
import { filesUpload } from './files-upload';
import { speech } from './speech';

/**
 * `/api/files`: the upload limits in force (services/files/file-config.ts), the uploads
 * (routes/files-upload.ts), uploads in parts for large files (routes/files-parts.ts), and the
 * file list, delete, download and file links (routes/files-manage.ts), and speech (routes/speech.ts).
 */
export const files = new Hono<AppEnv>()
  .get('/config', requireAuth, async (c) => c.json(effectiveFileConfig(await loadAppConfig(c.env))))
  .route('/speech', speech)
  .route('/', filesUpload)
  .route('/', filesParts)
  .route('/', filesManage);
