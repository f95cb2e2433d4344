import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { reportWebVitals } from './lib/vitals.client.ts';

const root = document.documentElement;

function hydrate() {
  // 'false' while React hydrates, 'true' once it has (useInteractiveMark): until then the page's inline script
  // leaves clicks and form submissions to the browser, or keeps them for later (lib/deferred-hydration.ts).
  root.dataset.hydrated = 'false';
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A page being left (a form sent or a link followed before the scripts came) is not hydrated: React Router's start
// rewrites the history entry, which cancels that navigation. Should the browser bring it back from its cache, it is.
if (root.dataset.leaving === undefined) hydrate();
else {
  addEventListener('pageshow', function restored(event) {
    if (!event.persisted) return;
    removeEventListener('pageshow', restored);
    delete root.dataset.leaving;
    hydrate();
  });
}

// The service worker is registered by the page's inline script (lib/deferred-hydration.ts), for every visitor.
reportWebVitals();
