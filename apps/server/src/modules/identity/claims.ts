import { ACCESS_LEVEL_ORDER, type UserInfo } from '@portal/contracts';
import type { UserRow } from './identity.repository.ts';

const TIME_ZONE = 'America/Fortaleza';

/** Today's date in Piauí, yyyy-mm-dd. */
export function todayInPiaui(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** yyyy-mm-dd → dd/mm/yyyy; '' for null. */
export function brDate(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** First and last word of the name (spec §2 header). */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  return `${words[0]} ${words[words.length - 1]}`;
}

/** The first of opala, ouro, prata, bronze found in the roles (spec §5). */
export function highestAccessLevel(roles: string[]): (typeof ACCESS_LEVEL_ORDER)[number] | null {
  const lower = new Set(roles.map((r) => r.toLowerCase()));
  return ACCESS_LEVEL_ORDER.find((level) => lower.has(level)) ?? null;
}

/** Every claim of spec §3 and issue 6 for one account, computed now (CNH status depends on today). */
export function userClaims(user: UserRow, favorites: string[], now: Date = new Date()): UserInfo {
  const validUntil = user.cnh_valid_until;
  return {
    sub: user.sub,
    email_verified: user.email_verified,
    roles: user.roles,
    groups: user.groups,
    preferred_username: user.username,
    given_name: user.given_name,
    family_name: user.family_name,
    name: user.name,
    nomeCompleto: user.name,
    nomeMae: user.mother_name,
    dataNascimento: brDate(user.birth_date),
    email: user.email,
    catalog_favorite: JSON.stringify(favorites),
    veiculos: user.vehicles,
    dataValidadeCNH: brDate(validUntil),
    dataEmissao: user.cnh_issued_on ?? '',
    categoriaCNH: user.cnh_category ?? '',
    numeroRegistro: user.cnh_number ?? '',
    registro: user.cnh_registry ?? '',
    bloqueioBca: user.cnh_block_bca,
    bloqueioCnhApreendida: user.cnh_block_seized,
    cnhVencida: validUntil != null && validUntil < todayInPiaui(now),
  };
}

/** What the ID token carries: who logged in and their access level, no personal data (issue 9). */
export function identityClaims(user: UserRow): Pick<UserInfo, 'sub' | 'name' | 'given_name' | 'family_name' | 'preferred_username' | 'roles' | 'groups'> {
  return {
    sub: user.sub,
    name: user.name,
    given_name: user.given_name,
    family_name: user.family_name,
    preferred_username: user.username,
    roles: user.roles,
    groups: user.groups,
  };
}

/** Claims of each scope the embedded provider announces. */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: [
    'name',
    'given_name',
    'family_name',
    'preferred_username',
    'roles',
    'groups',
    'nomeCompleto',
    'nomeMae',
    'dataNascimento',
    'catalog_favorite',
    'veiculos',
    'dataValidadeCNH',
    'dataEmissao',
    'categoriaCNH',
    'numeroRegistro',
    'registro',
    'bloqueioBca',
    'bloqueioCnhApreendida',
    'cnhVencida',
  ],
};
