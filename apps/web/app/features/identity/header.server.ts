import { hasGestaoRole, parseFavoriteSlugs, type MeResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { api, optional } from '../../lib/api.server.ts';
import type { AccessLevel } from './access-level.ts';

/** What the header and the favourite stars need about the logged-in citizen (no token, no documents). */
export interface HeaderCitizen {
  username: string;
  /** first and last word of the name, as the API computed it */
  shortName: string;
  level: AccessLevel | null;
  unread: number;
  /** slugs of the favourite services */
  favorites: string[];
  /** staff of the editorial back office: the menu leads there */
  staff: boolean;
}

// One GET /v1/me per page request: the layout (header) and the page's own loader share the load context.
const profiles = new WeakMap<AppLoadContext, Promise<MeResponse | null>>();

/** The citizen's claims as of now (CNH, vehicles, favourites), or null when the call fails (logged). */
export function loadProfile(context: AppLoadContext): Promise<MeResponse | null> {
  let profile = profiles.get(context);
  if (!profile) profiles.set(context, (profile = optional(context, 'profile', api.me(context), null)));
  return profile;
}

/**
 * The header's citizen, or null for an anonymous visitor. Figures that fail are empty: no unread
 * messages, no favourites (spec §8: errors of the personal widgets are silent). Name and level come from
 * GET /v1/me, or from the session when it fails: the server computes both, the pages never do.
 */
export async function loadHeaderCitizen(context: AppLoadContext): Promise<HeaderCitizen | null> {
  const citizen = await context.citizen();
  if (!citizen) return null;
  const profile = await loadProfile(context);
  return {
    username: citizen.username,
    shortName: profile?.shortName || citizen.shortName,
    level: profile ? profile.accessLevel : citizen.accessLevel,
    unread: profile?.unreadNotifications ?? 0,
    favorites: parseFavoriteSlugs(profile?.catalog_favorite),
    staff: hasGestaoRole(citizen.roles),
  };
}
