/** A plain-text answer in Portuguese: what the resource routes (files, images, redirects) say when they refuse. */
export function plainText(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}

/** The action of a resource route that is only read: any other method than GET answers 405 in Portuguese, not React Router's English. */
export function onlyRead(message: string): Response {
  return plainText(405, message, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
}
