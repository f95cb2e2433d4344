// The personal features put together for the root layout and the home (app layer: features do not
// import each other). Everything here runs on the server, with the citizen's token added by the load context.
import { parseFavoriteSlugs, Slug, type CardService } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { cardService } from '../components/service-card/card-service.ts';
import { loadHeaderCitizen, loadProfile, type HeaderCitizen } from '../features/identity/header.server.ts';
import { hasCnh } from '../features/cnh/cnh-card.tsx';
import type { CnhClaims } from '../features/cnh/cnh-status.ts';
import { homeCatalog } from '../features/favorites/home-catalog.ts';
import { loadBalance } from '../features/nota-piauiense/nota-piauiense.server.ts';
import { loadPayslips, type PayslipItem } from '../features/payslips/payslips.server.ts';
import { loadRecommendations, type Recommendations } from '../features/recommendations/recommendations.server.ts';
import { api, optional } from '../lib/api.server.ts';
import { CATALOG_BASE } from '../lib/paths.ts';

export type ShellCitizen = HeaderCitizen & { balance: number };

/** The header's citizen (short name, level, unread, favourites) and the cleaned balance; null when anonymous. */
export async function loadShellCitizen(context: AppLoadContext): Promise<ShellCitizen | null> {
  const [citizen, balance] = await Promise.all([loadHeaderCitizen(context), context.citizen().then((c) => (c ? loadBalance(context) : 0))]);
  return citizen ? { ...citizen, balance } : null;
}

export interface PersonalHome {
  favorites: CardService[];
  payslips: PayslipItem[];
  cnh: CnhClaims | null;
  recommendations: Recommendations;
  now: number;
}

/** The home's logged-in widgets (spec §1), or null for an anonymous visitor. */
export async function loadPersonalHome(context: AppLoadContext): Promise<PersonalHome | null> {
  const citizen = await context.citizen();
  if (!citizen) return null;
  // The favourites' cards come from the home's list of services (spec §7: top_hit, inactive ones included, so a
  // favourite that was deactivated still shows), asked for the citizen's favourites only: the whole list of
  // 500 cost a logged-in home more than its own rendering.
  const favoriteCards = loadProfile(context).then(async (profile) => {
    const slugs = parseFavoriteSlugs(profile?.catalog_favorite);
    // A search takes up to 50 slugs: more favourites are asked in groups.
    const valid = slugs.filter((slug) => Slug.safeParse(slug).success);
    const groups = Array.from({ length: Math.ceil(valid.length / 50) }, (_, i) => valid.slice(i * 50, i * 50 + 50));
    const found = (await Promise.all(groups.map((group) => optional(context, 'favourite services', api.search(context, { top_hit: group.length, slugs: group }), [])))).flat();
    return { profile, slugs, found };
  });
  const [{ profile, slugs, found }, payslips, recommendations] = await Promise.all([
    favoriteCards,
    loadPayslips(context),
    loadRecommendations(context, citizen.username, CATALOG_BASE || ''),
  ]);
  const bySlug = new Map(homeCatalog(found, true).map((s) => [s.slug, s]));
  const cnh: CnhClaims | null = profile && hasCnh(profile) ? profile : null;
  return {
    favorites: slugs.flatMap((slug) => {
      const found = bySlug.get(slug);
      return found ? [cardService(found)] : [];
    }),
    payslips,
    cnh: cnh
      ? {
          dataValidadeCNH: cnh.dataValidadeCNH,
          dataEmissao: cnh.dataEmissao,
          categoriaCNH: cnh.categoriaCNH,
          numeroRegistro: cnh.numeroRegistro,
          registro: cnh.registro,
          bloqueioBca: cnh.bloqueioBca,
          bloqueioCnhApreendida: cnh.bloqueioCnhApreendida,
        }
      : null,
    recommendations,
    now: Date.now(),
  };
}
