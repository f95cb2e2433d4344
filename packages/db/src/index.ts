export * from './client.ts';
export * as schema from './schema.ts';
export { seedCatalog, isCatalogEmpty, stableHash, ACCESS_LEVELS, TARGETS, type CatalogData } from './seed.ts';
export { generateCatalog } from './generate.ts';
export { demoCatalog } from './demo/index.ts';
export { checkCatalog } from './demo/validate.ts';
export { sanitizeRichText, htmlToText } from './sanitize.ts';
export { normalizeSearchText } from './normalize.ts';
