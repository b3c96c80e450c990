// First: before any schema parses (see the file).
import './lib/zod-config';
// Second: starts the first page's requests before the rest of the bundle is evaluated.
import './app/boot';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
