import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// Search vocabulary: synonyms, the lexicon of known words, and best bets.

export const searchSynonyms = pgTable('search_synonyms', {
  /** normalised: lower case, no accents, no dots */
  term: text('term').primaryKey(),
  expansion: text('expansion').notNull(),
});

/** every word a citizen could mean, for typo correction; rebuilt by refresh_search_lexicon() */
export const searchLexicon = pgTable('search_lexicon', {
  word: text('word').primaryKey(),
});

/**
 * What citizens ask the state for that another government or a company provides (issue 25): a search naming one
 * of `terms` shows who provides it and where. Kept by the central team in the back office, audited.
 */
export const searchBestBets = pgTable('search_best_bets', {
  id: serial('id').primaryKey(),
  /** normalised words or phrases (lower case, no accents): a query containing one as whole words matches */
  terms: text('terms').array().notNull(),
  /** what was asked for, as the card names it ('Passaporte') */
  title: text('title').notNull(),
  /** who provides it ('Polícia Federal') */
  provider: text('provider').notNull(),
  /** what to do there, in a sentence */
  description: text('description').notNull(),
  /** where: an address outside the portal, or a path inside it */
  url: text('url').notNull(),
  ...timestamps,
});
