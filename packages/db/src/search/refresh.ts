import { sql } from 'drizzle-orm';
import { AVAILABILITY } from '@bygg/domain/availability';
import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import { type Database, queryRows } from '../client.ts';
import {
  documentTokens,
  foldWord,
  inflectionAliases,
  partTest,
  type PartTest,
  productiveParts,
  type SearchFields,
  type VocabularyEntry,
  vocabularyEntry,
  vocabularyWords,
} from '@bygg/domain/search-text';
import { swedishMorphology } from './lexicon.ts';
import { textArraySql } from './sql-arrays.ts';

/** Rows per UPDATE/INSERT statement: one JSON parameter each. */
const BATCH = 2000;

async function addVocabulary(db: Database, fields: SearchFields[]): Promise<string[]> {
  const words = [...new Set(fields.flatMap(vocabularyWords))];
  await insertVocabulary(db, words.map(vocabularyEntry));
  return words;
}

async function insertVocabulary(
  db: Database,
  entries: VocabularyEntry[],
  isPart = false,
): Promise<void> {
  for (let i = 0; i < entries.length; i += BATCH) {
    const batch = entries.slice(i, i + BATCH);
    await db.execute(sql`insert into search_vocabulary (term, stem, folded, is_part)
      select *, ${isPart}::boolean from unnest(${textArraySql(batch.map((e) => e.term))},
        ${textArraySql(batch.map((e) => e.stem))}, ${textArraySql(batch.map((e) => e.folded))})
      on conflict (term) do update set is_part = search_vocabulary.is_part and excluded.is_part`);
  }
}

/**
 * The compound parts of the whole vocabulary. Productive parts (document-tokens.ts) are stored
 * in the vocabulary as words of their own, so the query side finds them with its lookup; and
 * so are the aliases of the given new words (inflectionAliases).
 */
async function vocabularyParts(db: Database, added: readonly string[] = []): Promise<PartTest> {
  const entries = await queryRows<VocabularyEntry>(
    db,
    sql`select term, stem, folded from search_vocabulary where not is_part`,
  );
  if (added.length > 0) {
    const aliases = inflectionAliases(added, await swedishMorphology());
    for (let i = 0; i < aliases.length; i += BATCH) {
      const batch = aliases.slice(i, i + BATCH);
      await db.execute(sql`insert into search_vocabulary (term, stem, folded, is_part)
        select *, true from unnest(${textArraySql(batch.map((e) => e.term))},
          ${textArraySql(batch.map((e) => e.stem))}, ${textArraySql(batch.map((e) => e.folded))})
        on conflict (term) do nothing`);
    }
  }
  const productive = productiveParts(entries).map((part): VocabularyEntry => ({
    term: part,
    stem: part,
    folded: foldWord(part),
  }));
  await insertVocabulary(db, productive, true);
  return partTest([...entries, ...productive]);
}

type ProductSearchRow = {
  id: number;
  organisationIds: string[] | string;
  isWeb: boolean;
  isCentral: boolean;
  listed: boolean;
  popularity: number;
  title: string;
  category: string;
  parents: string | null;
  brand: string | null;
  codes: string[] | string | null;
};

function textList(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  // A text[] that arrives as its literal ('{a,b}') on some PGlite paths.
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((v) => v.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/** Sellable and not hidden: the store-free "listed" test of an article's own availability. */
const LISTED_MASK = AVAILABILITY.SELLABLE | AVAILABILITY.HIDDEN;

/**
 * Rebuilds the search tokens of the given products (all when 'all') and adds their words to
 * the vocabulary: call it after any change to a product's title, category, brand, popularity,
 * assortment or articles (their availability decides "listed"). Other products keep their tokens; a word that is new to the vocabulary becomes a
 * compound part for the products refreshed from then on (a full refresh splits everything
 * again). Returns the number of products refreshed.
 */
export async function refreshProductSearch(
  db: Database,
  productIds: readonly number[] | 'all',
): Promise<number> {
  if (productIds !== 'all' && productIds.length === 0) return 0;
  const which =
    productIds === 'all'
      ? sql`true`
      : sql`p.id = any(${`{${productIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
  const rows = await queryRows<ProductSearchRow>(
    db,
    sql`select p.id, p.title, c.name as category, p.organisation_ids as "organisationIds",
        p.is_web_assortment as "isWeb", p.is_central_assortment as "isCentral", p.popularity,
        exists (select 1 from articles a where a.product_id = p.id
          and (a.availability & ${LISTED_MASK}) = ${AVAILABILITY.SELLABLE}) as listed,
        concat_ws(' ', c2.name, c3.name) as parents, b.name as brand,
        array(select a.id::text from articles a where a.product_id = p.id
          union all select unnest(a.erp_article_numbers) from articles a where a.product_id = p.id
          union all select a.gtin from articles a where a.product_id = p.id and a.gtin is not null
        ) as codes
      from products p
      join categories c on c.id = p.category_id
      left join categories c2 on c2.id = c.parent_id
      left join categories c3 on c3.id = c2.parent_id
      left join brands b on b.id = p.brand_id
      where ${which}`,
  );
  const fields = rows.map((r): SearchFields => ({
    title: [r.title],
    other: [r.category, r.brand ?? '', r.parents ?? ''],
    codes: textList(r.codes),
  }));
  const added = await addVocabulary(db, fields);
  const isPart = await vocabularyParts(db, added);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r, j) => {
      const t = documentTokens(fields[i + j] as SearchFields, isPart);
      return {
        id: r.id,
        tokens: t.tokens,
        title_tokens: t.titleTokens,
        organisation_ids: textList(r.organisationIds),
        is_web: r.isWeb,
        is_central: r.isCentral,
        listed: r.listed,
        popularity: r.popularity,
      };
    });
    // The narrow copy the grouped search reads (schema/search-products.ts).
    await db.execute(sql`insert into search_products (product_id, organisation_ids,
        is_web_assortment, is_central_assortment, listed, popularity, tokens, title_tokens)
      select id, organisation_ids, is_web, is_central, listed, popularity, tokens, title_tokens
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id int, organisation_ids text[],
        is_web boolean, is_central boolean, listed boolean, popularity int, tokens text[],
        title_tokens text[])
      on conflict (product_id) do update set organisation_ids = excluded.organisation_ids,
        is_web_assortment = excluded.is_web_assortment,
        is_central_assortment = excluded.is_central_assortment, listed = excluded.listed,
        popularity = excluded.popularity, tokens = excluded.tokens,
        title_tokens = excluded.title_tokens`);
  }
  // products' own copy, from the rows just written: one set-based statement, so each batch's
  // JSON is parsed once and a full refresh rewrites every product row once.
  await db.execute(sql`update products p
    set search_tokens = sp.tokens, search_title_tokens = sp.title_tokens
    from search_products sp
    where sp.product_id = p.id and ${which}
      and (p.search_tokens, p.search_title_tokens) is distinct from (sp.tokens, sp.title_tokens)`);
  return rows.length;
}

/** A search document before tokenising: what the reply shows plus the fields to search. */
type SearchDocumentSource = {
  kind: string;
  refId: string;
  organisationId: string | null;
  text: string;
  url: string;
  path: string;
  trackingCode: string;
  sortKey: number;
  fields: SearchFields;
};

/** Some stores and CMS pages only (by id); every document when absent. */
type DocumentSelection = { stores: number[]; cmsPages: number[] };

function idList(ids: readonly number[]) {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

async function documentSources(
  db: Database,
  only?: DocumentSelection,
): Promise<SearchDocumentSource[]> {
  const categories = only
    ? []
    : await queryRows<{
        id: number;
        level: number;
        path: string;
        name: string;
        parents: string | null;
      }>(
        db,
        sql`select c.id, c.level, c.path, c.name, concat_ws(' / ', c3.name, c2.name) as parents
      from categories c
      left join categories c2 on c2.id = c.parent_id
      left join categories c3 on c3.id = c2.parent_id
      where c.tree_id = 'TREE'`,
      );
  const brands = only
    ? []
    : await queryRows<{ id: number; slug: string; name: string; org: string }>(
        db,
        sql`select distinct b.id, b.slug, b.name, o.org
      from brands b join products p on p.brand_id = b.id
      cross join lateral unnest(p.organisation_ids) as o(org)`,
      );
  const stores = await queryRows<{
    id: number;
    organisationId: string;
    slug: string;
    name: string;
    address: string;
    zipCode: string;
    city: string;
    county: string;
  }>(
    db,
    sql`select id, organisation_id as "organisationId", slug, name, address,
        zip_code as "zipCode", city, county from stores where not is_central
        ${only ? sql`and id = any(${idList(only.stores)})` : sql``}`,
  );
  const pages = await queryRows<{
    id: number;
    organisationId: string;
    path: string;
    title: string;
    description: string | null;
  }>(
    db,
    sql`select id, organisation_id as "organisationId", path, title, description from cms_nodes
      where namespace = 'pages' and type = 'page' and published
        ${only ? sql`and id = any(${idList(only.cmsPages)})` : sql``}`,
  );
  return [
    ...categories.map((c) => ({
      kind: 'bk04_categories',
      refId: String(c.id),
      organisationId: null,
      text: c.name,
      url: `/produkter/${c.path}`,
      path: c.parents ? `${c.parents} / ${c.name}` : c.name,
      trackingCode: `category:${c.id}`,
      sortKey: c.level,
      fields: { title: [c.name], other: [c.parents ?? ''] },
    })),
    ...brands.map((b) => ({
      kind: 'brands',
      refId: `${b.org}:${b.id}`,
      organisationId: b.org,
      text: b.name,
      url: `/produkter?brand=${encodeURIComponent(b.slug)}`,
      path: `Varumärken / ${b.name}`,
      trackingCode: `brand:${b.id}`,
      sortKey: 0,
      fields: { title: [b.name] },
    })),
    ...stores.map((s) => ({
      kind: 'stores',
      refId: String(s.id),
      organisationId: s.organisationId,
      // Shown without the chain prefix, as store names are everywhere (issue 22).
      text: stripOrganisationPrefix(
        s.name,
        ORGANISATIONS[s.organisationId as OrganisationId]?.storeNamePrefix ?? '',
      ),
      url: `/butiker/${s.slug}`,
      path: `${s.address}, ${s.zipCode} ${s.city}`,
      trackingCode: `store:${s.id}`,
      sortKey: 0,
      fields: { title: [s.name, s.city], other: [s.address, s.county], codes: [s.zipCode] },
    })),
    ...pages.map((p) => ({
      kind: 'cms_pages',
      refId: String(p.id),
      organisationId: p.organisationId,
      text: p.title,
      url: p.path,
      path: p.path,
      trackingCode: `cms_page:${p.id}`,
      sortKey: p.path.split('/').length,
      fields: { title: [p.title], other: [p.description ?? ''] },
    })),
  ];
}

async function insertDocuments(db: Database, sources: SearchDocumentSource[]): Promise<void> {
  if (sources.length === 0) return;
  const added = await addVocabulary(
    db,
    sources.map((s) => s.fields),
  );
  const isPart = await vocabularyParts(db, added);
  for (let i = 0; i < sources.length; i += BATCH) {
    const batch = sources.slice(i, i + BATCH).map((s) => {
      const t = documentTokens(s.fields, isPart);
      return {
        kind: s.kind,
        ref_id: s.refId,
        organisation_id: s.organisationId,
        text: s.text,
        url: s.url,
        path: s.path,
        tracking_code: s.trackingCode,
        sort_key: s.sortKey,
        tokens: t.tokens,
        title_tokens: t.titleTokens,
      };
    });
    await db.execute(sql`insert into search_documents
        (kind, ref_id, organisation_id, text, url, path, tracking_code, sort_key, tokens, title_tokens)
      select kind, ref_id, organisation_id, text, url, path, tracking_code, sort_key, tokens, title_tokens
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(kind text, ref_id text,
        organisation_id text, text text, url text, path text, tracking_code text, sort_key int,
        tokens text[], title_tokens text[])`);
  }
}

/**
 * Rebuilds the search documents of categories, brands, stores and CMS pages (a few thousand
 * rows at most, so always in full): the seed calls it after its bulk load. Single stores and
 * CMS pages are kept in step by refreshQueuedDocuments instead.
 */
export async function refreshSearchDocuments(db: Database): Promise<number> {
  const sources = await documentSources(db);
  await db.execute(sql`delete from search_documents`);
  // Everything queued so far is in the rebuild.
  await db.execute(sql`delete from search_document_changes`);
  await insertDocuments(db, sources);
  return sources.length;
}

/**
 * Re-tokenises the stores and CMS pages that the triggers of migration 0011 queued in
 * search_document_changes (new, renamed, moved, unpublished or deleted since their documents
 * were made), and only those: the grouped search calls it when its statement reports queued
 * changes, so a new or renamed store or page is found by the very next search. Claims the
 * queue rows in the same transaction (a concurrent caller waits for them, then finds none).
 * Returns the number of documents refreshed.
 */
export async function refreshQueuedDocuments(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ kind: string; refId: string }>(
      tx,
      sql`delete from search_document_changes returning kind, ref_id as "refId"`,
    );
    if (claimed.length === 0) return 0;
    const ids = (kind: string) =>
      claimed
        .filter((c) => c.kind === kind)
        .map((c) => Number(c.refId))
        .filter(Number.isFinite);
    const only = { stores: ids('stores'), cmsPages: ids('cms_pages') };
    await tx.execute(sql`delete from search_documents d
      using jsonb_to_recordset(${JSON.stringify(claimed.map((c) => ({ kind: c.kind, ref_id: c.refId })))}::jsonb)
        as v(kind text, ref_id text)
      where d.kind = v.kind and d.ref_id = v.ref_id`);
    await insertDocuments(tx, await documentSources(tx, only));
    return claimed.length;
  });
}

/**
 * The whole search index: products, then the other documents. The documents' words go into
 * the vocabulary first, so that the products are split with the same compound parts as a
 * later refreshProductSearch of any of them sees (seed.test.ts holds the two equal; ADR 050).
 */
export async function rebuildSearchIndex(db: Database): Promise<number> {
  await addVocabulary(
    db,
    (await documentSources(db)).map((s) => s.fields),
  );
  return (await refreshProductSearch(db, 'all')) + (await refreshSearchDocuments(db));
}
