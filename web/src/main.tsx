// First: before any schema parses (see the file; it does not load zod itself).
import './lib/zod-config';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/pwa/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// After the active language's strings are in (one small chunk, fetched while the rest boots).
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Production builds only: the development server's modules are neither hashed nor final.
if (import.meta.env.PROD) registerServiceWorker();
