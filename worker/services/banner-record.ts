import { z } from 'zod';
import { bannerSchema } from '../contract/config';

/**
 * Banners live in KV (binding `CONFIG`) under this key as a JSON array; operators edit them
 * with `npm run banner` (see README). KV suits them: written rarely, read on every page load.
 * Kept apart from banner.ts so the Node tool can share it without Workers types.
 */
export const BANNERS_KV_KEY = 'banners';

export const storedBannersSchema = z.array(bannerSchema);
