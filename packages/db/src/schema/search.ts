import { pgTable, text } from 'drizzle-orm/pg-core';

// Search vocabulary: synonyms and the lexicon of known words.

export const searchSynonyms = pgTable('search_synonyms', {
  /** normalised: lower case, no accents, no dots */
  term: text('term').primaryKey(),
  expansion: text('expansion').notNull(),
});

/** every word a citizen could mean, for typo correction; rebuilt by refresh_search_lexicon() */
export const searchLexicon = pgTable('search_lexicon', {
  word: text('word').primaryKey(),
});
