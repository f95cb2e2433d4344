import { ACCESS_LEVEL_ORDER, formatIsoDay, type CnhClaim, type UserInfo, type Vehicle } from '@portal/contracts';
import { todayInPiaui } from '@portal/db';
import type { User } from './identity.repository.ts';

/** yyyy-mm-dd → dd/mm/yyyy; '' for null (the claims' dates, as Keycloak's mappers write them). */
export const brDate = (iso: string | null) => formatIsoDay(iso);

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

/** A vehicle with every field the app reads, whatever the record left out (no fine, no restriction). */
export function vehicle(record: Record<string, unknown>): Vehicle {
  const flag = (key: string) => record[key] === true;
  return {
    ...record,
    placa: String(record.placa ?? ''),
    modelo: String(record.modelo ?? ''),
    quantMultas: Number.isInteger(record.quantMultas) ? (record.quantMultas as number) : 0,
    restricaoAdministrativa: flag('restricaoAdministrativa'),
    restricaoJudicial: flag('restricaoJudicial'),
    restricaoTributaria: flag('restricaoTributaria'),
    licenciamentoAtrasado: flag('licenciamentoAtrasado'),
  };
}

/** The flat CNH claims as the app's one-object list; none without a register number. */
export function cnhList(flat: Pick<UserInfo, 'dataValidadeCNH' | 'numeroRegistro' | 'categoriaCNH' | 'registro' | 'dataEmissao' | 'bloqueioBca' | 'bloqueioCnhApreendida' | 'cnhVencida'>): CnhClaim[] {
  if (!flat.numeroRegistro) return [];
  const digits = (value: string) => Number(value.replace(/\D/g, '')) || 0;
  return [
    {
      dataValidadeCNH: flat.dataValidadeCNH,
      numeroRegistro: digits(flat.numeroRegistro),
      categoriaCNH: flat.categoriaCNH,
      pontuacao: null,
      processo: null,
      registro: digits(flat.registro),
      dataEmissao: flat.dataEmissao,
      bloqueioBca: flat.bloqueioBca,
      bloqueioCnhApreendida: flat.bloqueioCnhApreendida,
      cnhVencida: flat.cnhVencida,
    },
  ];
}

/** Every claim of spec §3 and issue 6 for one account, computed now (CNH status depends on today). */
export function userClaims(user: User, favorites: string[], now: Date = new Date()): UserInfo {
  const validUntil = user.cnhValidUntil;
  const flat = {
    dataValidadeCNH: brDate(validUntil),
    dataEmissao: user.cnhIssuedOn ?? '',
    categoriaCNH: user.cnhCategory ?? '',
    numeroRegistro: user.cnhNumber ?? '',
    registro: user.cnhRegistry ?? '',
    bloqueioBca: user.cnhBlockBca,
    bloqueioCnhApreendida: user.cnhBlockSeized,
    cnhVencida: validUntil != null && validUntil < todayInPiaui(now),
  };
  return {
    sub: user.sub,
    email_verified: user.emailVerified,
    roles: user.roles,
    groups: user.groups,
    preferred_username: user.username,
    given_name: user.givenName,
    family_name: user.familyName,
    name: user.name,
    nomeCompleto: user.name,
    nomeMae: user.motherName,
    dataNascimento: brDate(user.birthDate),
    email: user.email,
    catalog_favorite: JSON.stringify(favorites),
    veiculos: (user.vehicles as Record<string, unknown>[]).map(vehicle),
    cnh: cnhList(flat),
    ...flat,
  };
}

/** What the ID token carries: who logged in and their access level, no personal data (issue 9). */
export function identityClaims(user: User): Pick<UserInfo, 'sub' | 'name' | 'given_name' | 'family_name' | 'preferred_username' | 'roles' | 'groups'> {
  return {
    sub: user.sub,
    name: user.name,
    given_name: user.givenName,
    family_name: user.familyName,
    preferred_username: user.username,
    roles: user.roles,
    groups: user.groups,
  };
}

/** Claims of each scope the embedded provider announces. */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'emailVerified'],
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
    'cnh',
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
