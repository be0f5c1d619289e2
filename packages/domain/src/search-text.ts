/**
 * The Swedish search text rules, one pure module (no I/O): how catalogue text and a shopper's
 * query become words (lower case, joined dimensions, codes, stopwords), stems (the Snowball
 * Swedish stemmer, as PostgreSQL's swedish_stem), compound parts from the catalogue's own
 * vocabulary, å/ä/ö-folded forms, one-typo corrections, a query's plan and the tokens a
 * document is indexed under. packages/db keeps only the SQL that stores and matches them
 * (packages/db/src/search/query.ts, refresh.ts); the API's store and brand matches fold with
 * the same letters. The files in search-text/ are this module's internals: import from here.
 */
export { decompound, allParts, MIN_PART } from './search-text/decompound.ts';
export {
  documentTokens,
  headTokens,
  ALIAS_MARK,
  HEAD_MARK,
  partTest,
  productiveParts,
  productSearchText,
  vocabularyEntry,
  vocabularyWords,
  wordTokens,
  PART_MARK,
  type PartTest,
  type SearchFields,
  type SearchTokens,
  type VocabularyEntry,
} from './search-text/document-tokens.ts';
export { escapeLike, foldSearchText, SQL_FOLD_FROM, SQL_FOLD_TO } from './search-text/fold.ts';
export {
  oneEditAway,
  planFromVocabulary,
  planIsEmpty,
  planTitleTokens,
  SCORE,
  scoreSets,
  termTitleTokens,
  vocabularyLookups,
  VocabularyIndex,
  type SearchPlan,
  type SearchTerm,
} from './search-text/plan.ts';
export {
  inflectedForms,
  inflectionAliases,
  SwedishMorphology,
  type Lemmatizer,
} from './search-text/morphology.ts';
export { swedishStem } from './search-text/swedish-stemmer.ts';
export {
  codeVariants,
  FOLDED_MARK,
  foldWord,
  isCode,
  normalizeText,
  STOPWORDS,
  textWords,
} from './search-text/tokens.ts';
