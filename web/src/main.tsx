// First: before any schema parses (see the file).
import './lib/zod-config';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/pwa/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Production builds only: the development server's modules are neither hashed nor final.
if (import.meta.env.PROD) registerServiceWorker();
