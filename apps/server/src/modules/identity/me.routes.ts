import { ErrorResponse, MeResponse, type UserInfo } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteSlugs } from '../../lib/favorite-slugs.ts';
import { cnhList, highestAccessLevel, shortName, userClaims, vehicle } from './claims.ts';
import * as repository from './identity.repository.ts';

/** The user info of a token from an external provider that has no account here. */
function claimsFromToken(claims: Record<string, unknown>, sub: string, favorites: string[]): UserInfo {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  const list = (key: string) => (Array.isArray(claims[key]) ? (claims[key] as unknown[]).map(String) : []);
  const name = text('name') || text('nomeCompleto') || text('preferred_username');
  const flat = {
    dataValidadeCNH: text('dataValidadeCNH'),
    dataEmissao: text('dataEmissao'),
    categoriaCNH: text('categoriaCNH'),
    numeroRegistro: text('numeroRegistro'),
    registro: text('registro'),
    bloqueioBca: claims.bloqueioBca === true,
    bloqueioCnhApreendida: claims.bloqueioCnhApreendida === true,
    cnhVencida: claims.cnhVencida === true,
  };
  return {
    sub,
    email_verified: claims.email_verified === true,
    roles: list('roles'),
    groups: list('groups'),
    preferred_username: text('preferred_username') || sub,
    given_name: text('given_name'),
    family_name: text('family_name'),
    name,
    nomeCompleto: text('nomeCompleto') || name,
    nomeMae: text('nomeMae'),
    dataNascimento: text('dataNascimento'),
    email: text('email'),
    catalog_favorite: JSON.stringify(favorites),
    veiculos: Array.isArray(claims.veiculos) ? (claims.veiculos as Record<string, unknown>[]).map(vehicle) : [],
    cnh: cnhList(flat),
    ...flat,
  };
}

/** GET /v1/me: who calls, from the account here or from an external provider's token. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['identidade'],
        summary: 'Os dados de quem chama: claims do Acesso Cidadão, nível de acesso, saldo e mensagens não lidas',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { sub, claims } = request.user!;
      const favorites = await favoriteSlugs(app.db, sub);
      const user = await repository.findUserBySub(app.db, sub);
      const info = user ? userClaims(user, favorites) : claimsFromToken(claims, sub, favorites);
      const { balance, unread } = await repository.headerFigures(app.db, sub);
      return {
        ...info,
        shortName: shortName(info.name),
        accessLevel: highestAccessLevel(info.roles),
        notaPiauienseBalance: balance,
        unreadNotifications: unread,
      };
    },
  );
};
