/**
 * The home's list of services (POST /v1/search {top_hit: 500}, spec §7) as a visitor may see it: an
 * anonymous visitor only the active ones; a logged-in citizen all of them, so a favourite that was
 * deactivated still shows among 'Seus favoritos'.
 */
export function homeCatalog<T extends { active: boolean }>(items: readonly T[], loggedIn: boolean): T[] {
  return loggedIn ? [...items] : items.filter((item) => item.active);
}
