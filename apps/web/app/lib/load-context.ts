import type { WebLoadContext } from '@portal/contracts';

// The one load context of the pages (api, citizen, log, cspNonce), as the server builds it
// (apps/server/src/plugins/web.ts); its type is the contracts' WebLoadContext.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}

export {};
