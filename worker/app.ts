import { Hono } from 'hono';
import type { AppEnv } from './env';
import { bodyLimit } from './middleware/body-limit';
import { handleError, handleNotFound } from './middleware/errors';
import { requestLogging } from './middleware/logging';
import { publicConfig } from './routes/config';
import { health } from './routes/health';

const app = new Hono<AppEnv>();

app.use('*', requestLogging);
app.use('/api/*', bodyLimit());

const routes = app.route('/health', health).route('/api', publicConfig);

app.notFound(handleNotFound);
app.onError(handleError);

export type AppType = typeof routes;
export default app;
