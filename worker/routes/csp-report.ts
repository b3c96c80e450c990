import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { bodyLimit } from '../middleware/body-limit';
import { rateLimit } from '../middleware/rate-limit';
import { violationsFromReport } from '../services/security/violation';

/** A genuine report is well under 2 KB; a bigger body is refused before it is read whole. */
export const CSP_REPORT_LIMIT_BYTES = 8 * 1024;

/**
 * `POST /api/csp-report`: where browsers send Content Security Policy violations, both as
 * `report-uri` (application/csp-report) and as `report-to` (application/reports+json). Public:
 * browsers send reports without credentials. Each violation becomes one `csp_violation` log
 * line, so a policy that breaks something in production is seen; rate limited per IP, and the
 * answer is always empty, so the endpoint tells a caller nothing.
 */
export const cspReport = new Hono<AppEnv>().post(
  '/',
  rateLimit('cspReport'),
  bodyLimit(CSP_REPORT_LIMIT_BYTES),
  async (c) => {
    let parsed: unknown;
    try {
      // Bytes, not text(): workerd warns when a body of a non-text type is read as text.
      parsed = JSON.parse(new TextDecoder().decode(await c.req.arrayBuffer()));
    } catch {
      return c.body(null, 204);
    }
    for (const violation of violationsFromReport(parsed)) c.var.log.warn('csp_violation', { ...violation });
    return c.body(null, 204);
  },
);
