import type { CatalogData } from '../seed.ts';

/**
 * The hand-written demo catalog of the portal: real Piauí bodies, realistic services. Loaded on demand,
 * since only a first start (or a test run) needs it.
 */
export async function demoCatalog(): Promise<CatalogData> {
  const [{ categories }, { departments }, { servicesA }, { servicesB }, { synonyms }, { peopleSynonyms }, { DEMO_REQUEST_FORMS }] = await Promise.all([
    import('./categories.ts'),
    import('./departments.ts'),
    import('./services-a.ts'),
    import('./services-b.ts'),
    import('./synonyms.ts'),
    import('./synonyms-people.ts'),
    import('./request-forms.ts'),
  ]);
  return { categories, departments, services: [...servicesA, ...servicesB], synonyms: [...synonyms, ...peopleSynonyms], requestForms: DEMO_REQUEST_FORMS };
}
