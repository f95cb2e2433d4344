import type { ACCESS_LEVEL_ORDER } from '@portal/contracts';

/** An access level as GET /v1/me sends it (spec §5); the API picks the highest, the page only names it. */
export type AccessLevel = (typeof ACCESS_LEVEL_ORDER)[number];

export const ACCESS_LEVEL_LABEL: Record<AccessLevel, string> = { opala: 'Opala', ouro: 'Ouro', prata: 'Prata', bronze: 'Bronze' };
