import { Hono } from 'hono';
import { tokenizerBodySchema } from '../contract/messages';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validateExact } from '../middleware/validate-exact';
import { countTokens } from '../engine/tokens';

/**
 * `POST /api/tokenizer {text}` → `{count}` (LibreChat's client sends `{arg: text}`; both are
 * read). Signed-in users only, and the text is capped (MAX_TOKENIZER_TEXT_CHARS): counting is
 * CPU the caller chooses the size of.
 */
export const tokenizer = new Hono<AppEnv>().post('/', requireAuth, validateExact('json', tokenizerBodySchema), (c) =>
  c.json({ count: countTokens(c.req.valid('json')) }),
);
