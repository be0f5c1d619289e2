import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/** A page block: the spec's CMS block types (accordion, rich text, image, table, …). */
export type CmsBlock = { type: string; id: string; props: Record<string, unknown> };

export type CmsNavigation = {
  label: string;
  href: string;
  showIn: { header: boolean; footer: boolean };
};

/**
 * A page's lead (the start page hero, issue 22): its image and call to action. The heading and
 * text are the node's title and description. Every part is optional; the web app draws an
 * illustration without an image and no button without a link.
 */
export type CmsHero = {
  image?: string;
  imageAlt?: string;
  linkLabel?: string;
  linkHref?: string;
};

/**
 * CMS nodes: pages (namespace 'pages'), main-menu items ('main-menu') and footer columns
 * ('footer'). uri is unique per organisation, e.g. 'pages:/kundservice'.
 */
export const cmsNodes = pgTable(
  'cms_nodes',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    uri: text('uri').notNull(),
    namespace: text('namespace').notNull(),
    path: text('path').notNull(),
    /** page | menu | footer */
    type: text('type').notNull(),
    parentId: integer('parent_id'),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    description: text('description'),
    content: jsonb('content').$type<CmsBlock[]>().notNull().default([]),
    navigation: jsonb('navigation').$type<CmsNavigation>(),
    hero: jsonb('hero').$type<CmsHero>(),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cms_nodes_org_uri_uq').on(t.organisationId, t.uri),
    index('cms_nodes_org_ns_path_idx').on(t.organisationId, t.namespace, t.path),
    index('cms_nodes_parent_idx').on(t.parentId),
  ],
);

/** Content-service label nodes (trade-area spec §7), e.g. 'i18n://sv-se@header/search-placeholder.txt'. */
export const djediNodes = pgTable(
  'djedi_nodes',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    uri: text('uri').notNull(),
    value: text('value').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.uri] })],
);
