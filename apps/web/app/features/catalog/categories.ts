import type { CategoryNode } from '@portal/contracts';

/** Every category of the tree, parents first; hidden ones only when asked (they still filter a list). */
export function flattenCategories(nodes: CategoryNode[], { hidden = false } = {}): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flattenCategories(node.__categories__ ?? [], { hidden })]).filter((c) => hidden || !c.hidden);
}

/**
 * The category of a slug. Some lists answer to a second name (the header's 'empresas' is
 * 'negocios-e-empresas', spec §2): the API resolves those, and here the longer slug that ends with it does.
 */
export function findCategory(all: CategoryNode[], slug: string | null | undefined): CategoryNode | undefined {
  if (!slug) return undefined;
  return all.find((c) => c.slug === slug) ?? all.find((c) => c.slug.endsWith(`-${slug}`));
}
