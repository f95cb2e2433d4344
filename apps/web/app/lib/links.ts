/** How a service's digital channel opens (spec §5). */
export type ServiceLinkMode = 'form-post' | 'portal' | 'new-tab' | 'none';

export function serviceLinkMode(link: string, dataRows: unknown[]): ServiceLinkMode {
  if (!link) return 'none';
  if (dataRows.length) return 'form-post';
  if (link.includes('/app/')) return 'portal';
  return 'new-tab';
}

/** Links beginning with http or /app/ leave the catalog's router (full navigation); others route inside it. */
export const isFullNavigation = (link: string) => /^https?:\/\//i.test(link) || link.startsWith('/app/');
