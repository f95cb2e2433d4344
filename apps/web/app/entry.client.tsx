import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { reportWebVitals } from './lib/vitals.client.ts';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

reportWebVitals();

// Saved copies of the service pages a citizen opens, for reading without a connection (public/sw.js). After the
// page has loaded: the worker never competes with what the citizen came for.
if ('serviceWorker' in navigator) {
  const register = () => {
    const first = !navigator.serviceWorker.controller;
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: '/' })
      // This page came before the worker: it asks to be saved as well (the worker keeps service pages only).
      .then(async () => {
        if (first) (await navigator.serviceWorker.ready).active?.postMessage({ save: location.href });
      })
      .catch(() => {});
  };
  // The app's modules may run after the load event (they are imported by an inline module script).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
