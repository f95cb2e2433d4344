import { useRouteLoaderData } from 'react-router';

/**
 * This response's Content-Security-Policy nonce (the root loader has it), for an inline script a component
 * renders; shared copies of anonymous pages allow the same scripts by their hash.
 */
export function useNonce(): string | undefined {
  return (useRouteLoaderData('root') as { nonce?: string } | undefined)?.nonce;
}
