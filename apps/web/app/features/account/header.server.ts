import type { MeResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { highestLevel, shortName, type AccessLevel } from './account-rules.ts';
import '../../lib/citizen.ts';

/** What the header and the favourite stars need about the logged-in citizen (no token, no documents). */
export interface HeaderCitizen {
  username: string;
  /** first and last word of the name */
  shortName: string;
  level: AccessLevel | null;
  unread: number;
  /** slugs of the favourite services */
  favorites: string[];
}

function parseFavorites(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  if (typeof raw !== 'string' || !raw) return [];
  try {
    return parseFavorites(JSON.parse(raw));
  } catch {
    return [];
  }
}

/**
 * The header's citizen, or null for an anonymous visitor. Figures that fail are empty: no unread
 * messages, no favourites (spec §8: errors of the personal widgets are silent).
 */
export async function loadHeaderCitizen(context: AppLoadContext): Promise<HeaderCitizen | null> {
  const citizen = await context.citizen();
  if (!citizen) return null;
  const profile = await loadProfile(context);
  const name = profile?.name || citizen.name;
  return {
    username: citizen.username,
    shortName: shortName(name),
    level: highestLevel(profile?.roles ?? citizen.roles),
    unread: profile?.unreadNotifications ?? 0,
    favorites: parseFavorites(profile?.catalog_favorite),
  };
}

/** The citizen's claims as of now (CNH, vehicles, favourites), or null. */
export async function loadProfile(context: AppLoadContext): Promise<MeResponse | null> {
  const answer = await context.citizenApi({ method: 'GET', url: '/v1/me' }).catch(() => null);
  return answer?.status === 200 ? (answer.body as MeResponse) : null;
}
