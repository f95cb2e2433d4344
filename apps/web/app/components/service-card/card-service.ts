import type { CardService, SearchItem } from '@portal/contracts';

/** A search item as its card needs it (the contract's CardService): the one mapping, so pages send no more than that. */
export const cardService = (item: SearchItem): CardService => ({
  title: item.title,
  slug: item.slug,
  description: item.description,
  categorySlug: item.categorySlug,
  icon: item.icon,
  isOnline: item.isOnline,
  departmentShortName: item.departmentShortName,
  accessProfile: item.accessProfile,
});
