import './lib/zod-csp';
import './i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread for its whole length: a phone stays responsive while the page builds (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Offline reload of visited pages; only built sites have the worker (see lib/service-worker.ts).
if (import.meta.env.PROD) registerServiceWorker();
