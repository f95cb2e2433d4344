export * from './common.ts';
export * from './catalog.ts';
export * from './departments.ts';
export * from './search.ts';
export * from './ratings.ts';
export * from './favorites.ts';
