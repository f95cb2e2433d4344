/** One call to our own API, made in-process by the server (Fastify `inject`): validation and auth run as for any caller. */
export interface ApiRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}
export interface ApiAnswer {
  status: number;
  body: unknown;
}

declare module 'react-router' {
  interface AppLoadContext {
    api: (request: ApiRequest) => Promise<ApiAnswer>;
    /** this response's Content-Security-Policy nonce */
    cspNonce: string;
  }
}

export {};
