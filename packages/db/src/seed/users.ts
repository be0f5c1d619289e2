import type { OrganisationId } from '@bygg/domain/organisations';
import { orgNumber } from './text.ts';

export type TradeCompanySeed = {
  id: number;
  organisationId: OrganisationId;
  name: string;
  orgNumber: string;
  customerNumber: string;
  city: string;
  /** Demo companies with negotiated net prices. */
  hasNetPrices: boolean;
};

/** Fictional trade customers (any likeness to a real company is unintended). */
export const TRADE_COMPANIES: readonly TradeCompanySeed[] = [
  {
    id: 1,
    organisationId: 'store-chain',
    name: 'Lindqvist Bygg & Montage AB',
    orgNumber: orgNumber('559012345'),
    customerNumber: 'K-100231',
    city: 'Stockholm',
    hasNetPrices: true,
  },
  {
    id: 2,
    organisationId: 'store-chain',
    name: 'Nordins Snickeri AB',
    orgNumber: orgNumber('559087654'),
    customerNumber: 'K-100458',
    city: 'Göteborg',
    hasNetPrices: true,
  },
  {
    id: 3,
    organisationId: 'store-chain',
    name: 'Ekholms Fastighetsservice AB',
    orgNumber: orgNumber('556677889'),
    customerNumber: 'K-100902',
    city: 'Jönköping',
    hasNetPrices: false,
  },
  {
    id: 4,
    organisationId: 'building-supply',
    name: 'Bergs Takläggeri AB',
    orgNumber: orgNumber('559123456'),
    customerNumber: 'S-2001',
    city: 'Uppsala',
    hasNetPrices: false,
  },
];

export type DemoUser = {
  username: string;
  name: string;
  role: 'admin' | 'user' | 'editor';
  organisationId: OrganisationId;
  /** Store slugs of the user's organisation; 'rikslager' is the central store. */
  storeSlugs: string[];
  companyId: number | null;
  /** Demo password, printed in the README. */
  password: string;
};

/**
 * The demo trade users (issue 2): an administrator in two stores, an ordinary user in one
 * store, a user of the central store and a content editor. The stores are the first ones the
 * seed places (Stockholm, Göteborg), which exist at every store count.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'anna.lindqvist@lindqvistbygg.example',
    name: 'Anna Lindqvist',
    role: 'admin',
    organisationId: 'store-chain',
    storeSlugs: ['stockholm', 'goteborg'],
    companyId: 1,
    password: 'Admin2026!',
  },
  {
    username: 'erik.nordin@nordinssnickeri.example',
    name: 'Erik Nordin',
    role: 'user',
    organisationId: 'store-chain',
    storeSlugs: ['goteborg'],
    companyId: 2,
    password: 'Proffs2026!',
  },
  {
    username: 'maria.ekholm@ekholmsfastighet.example',
    name: 'Maria Ekholm',
    role: 'user',
    organisationId: 'store-chain',
    storeSlugs: ['rikslager'],
    companyId: 3,
    password: 'Rikskund2026!',
  },
  {
    username: 'johan.berg@timmerkedjan.example',
    name: 'Johan Berg',
    role: 'editor',
    organisationId: 'store-chain',
    storeSlugs: [],
    companyId: null,
    password: 'Redaktor2026!',
  },
];
