import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/**
 * Every published value of an editable content node (issue 6: "every publish is a new
 * version, older versions can be restored"). Label nodes use their canonical content-service
 * uri ('i18n://sv-se@header/search-placeholder.txt'); CMS menu labels and page blocks edited in
 * the overlay use a 'cms://' uri (see apps/api/src/contexts/content/cms/editor-uri.ts). The current value
 * stays in djedi_nodes / cms_nodes; this table is the history, appended to and never updated.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Canonical uri without a version part. */
    uri: text('uri').notNull(),
    /** 1, 2, 3 … per organisation and uri; `uri#n` reads version n. */
    version: integer('version').notNull(),
    value: text('value').notNull(),
    /** The editor's user name; null for a default stored by the first caller that sent one. */
    author: text('author'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_versions_org_uri_version_uq').on(t.organisationId, t.uri, t.version),
    index('content_versions_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * An editor's unpublished value of a node (issue 22, ADR 047): one per organisation and uri,
 * overwritten by every save, removed when it is published or discarded. Public reads never
 * look here; only the editor's calls (the dialog, the preview) do.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Canonical uri without a version part, as in content_versions. */
    uri: text('uri').notNull(),
    /** Already sanitised for the node's extension. */
    value: text('value').notNull(),
    author: text('author').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.uri] })],
);
