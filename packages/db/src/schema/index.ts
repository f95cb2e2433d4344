// The database schema, one file per feature; drizzle-kit reads it from here (drizzle.config.ts).
export * from './catalog.ts';
export * from './activity.ts';
export * from './search.ts';
export * from './vitals.ts';
export * from './open-data.ts';
export * from './identity.ts';
export * from './personal-area.ts';
export * from './simplifique.ts';
export * from './rate-limits.ts';
export * from './editorial.ts';
export * from './requests.ts';
export * from './documents.ts';
export * from './appointments.ts';
export * from './panel.ts';
