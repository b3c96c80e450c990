import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES } from './contract/errors';
import type { AppEnv } from './env';
import { HttpError } from './http-error';
import { bodyLimit } from './middleware/body-limit';
import { logError, requestLogging } from './middleware/logging';
import { health } from './routes/health';
import { publicConfig } from './routes/config';

const app = new Hono<AppEnv>();

app.use('*', requestLogging);
app.use('/api/*', bodyLimit());

const routes = app
  .route('/health', health)
  .route('/api', publicConfig);

// Unknown API paths are a real 404 in the API's error shape, never the SPA's index.html.
app.notFound((c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}`, code: ERROR_CODES.notFound }, 404));

app.onError((error, c) => {
  if (error instanceof HttpError) {
    return c.json({ message: error.message, ...(error.code ? { code: error.code } : {}) }, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ message: error.message || 'Request refused.' }, error.status);
  }
  logError(c.get('requestId'), error);
  return c.json({ message: 'Something went wrong. Please try again.', code: ERROR_CODES.internal }, 500);
});

export type AppType = typeof routes;
export default app;
