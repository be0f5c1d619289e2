import type { OrganisationId } from '@bygg/domain/organisations';
import { orgNumber } from './text.ts';

type Address = { street: string; postcode: string; city: string };

/** A company's customer account with one store (ADR 026). */
export type StoreAccountSeed = {
  /** The store's slug, or its external id (the building-supply chain's '3001', …). */
  store: string;
  customerNumber: string;
  creditLimitOre: number | null;
  paymentTermsDays: number;
  /** The store's terms accepted (the contact-details check passes). */
  termsAccepted: boolean;
};

export type TradeCompanySeed = {
  id: number;
  organisationId: OrganisationId;
  name: string;
  orgNumber: string;
  customerNumber: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  email: string;
  invoiceAddress: Address | null;
  /** Demo companies with negotiated net prices. */
  hasNetPrices: boolean;
  accounts: StoreAccountSeed[];
};

/** Fictional trade customers (any likeness to a real company is unintended). */
export const TRADE_COMPANIES: readonly TradeCompanySeed[] = [
  {
    id: 1,
    organisationId: 'store-chain',
    name: 'Lindqvist Bygg & Montage AB',
    orgNumber: orgNumber('559012345'),
    customerNumber: 'K-100231',
    street: 'Hantverkargatan 12',
    postcode: '11221',
    city: 'Stockholm',
    phone: '08-123 456 70',
    email: 'info@lindqvistbygg.example',
    invoiceAddress: { street: 'Box 1123', postcode: '11181', city: 'Stockholm' },
    hasNetPrices: true,
    accounts: [
      {
        store: 'stockholm',
        customerNumber: 'K-100231',
        creditLimitOre: 50_000_000,
        paymentTermsDays: 30,
        termsAccepted: true,
      },
      {
        store: 'goteborg',
        customerNumber: 'G-2231',
        creditLimitOre: 20_000_000,
        paymentTermsDays: 30,
        termsAccepted: true,
      },
    ],
  },
  {
    id: 2,
    organisationId: 'store-chain',
    name: 'Nordins Snickeri AB',
    orgNumber: orgNumber('559087654'),
    customerNumber: 'K-100458',
    street: 'Snickaregatan 4',
    postcode: '41463',
    city: 'Göteborg',
    phone: '031-765 43 21',
    email: 'kontor@nordinssnickeri.example',
    invoiceAddress: null,
    hasNetPrices: true,
    accounts: [
      {
        store: 'goteborg',
        customerNumber: 'G-4458',
        creditLimitOre: 10_000_000,
        paymentTermsDays: 20,
        // The contact-details page asks for the terms first (spec §5).
        termsAccepted: false,
      },
    ],
  },
  {
    id: 3,
    organisationId: 'store-chain',
    name: 'Ekholms Fastighetsservice AB',
    orgNumber: orgNumber('556677889'),
    customerNumber: 'K-100902',
    street: 'Östra Storgatan 30',
    postcode: '55321',
    city: 'Jönköping',
    phone: '036-22 33 44',
    email: 'ekonomi@ekholmsfastighet.example',
    invoiceAddress: null,
    hasNetPrices: false,
    // The central (rikskund) customer: its account is with the central store.
    accounts: [
      {
        store: 'rikslager',
        customerNumber: 'R-0902',
        creditLimitOre: 100_000_000,
        paymentTermsDays: 45,
        termsAccepted: true,
      },
    ],
  },
  {
    id: 4,
    organisationId: 'building-supply',
    name: 'Bergs Takläggeri AB',
    orgNumber: orgNumber('559123456'),
    customerNumber: 'S-2001',
    street: 'Kungsgatan 55',
    postcode: '75321',
    city: 'Uppsala',
    phone: '018-12 34 56',
    email: 'info@bergstak.example',
    invoiceAddress: null,
    hasNetPrices: true,
    accounts: [
      {
        store: '3001',
        customerNumber: 'S-2001',
        creditLimitOre: 15_000_000,
        paymentTermsDays: 30,
        termsAccepted: true,
      },
      {
        store: '3002',
        customerNumber: 'S-2001-B',
        creditLimitOre: 5_000_000,
        paymentTermsDays: 30,
        termsAccepted: true,
      },
    ],
  },
  {
    // The building-supply chain's second demo company (issue 17): net prices, two stores, an
    // administrator and an ordinary user; the chain has no central store (local stores only).
    id: 5,
    organisationId: 'building-supply',
    name: 'Ekdahls Bygg & Fasad AB',
    orgNumber: orgNumber('559234567'),
    customerNumber: 'S-2045',
    street: 'Verkstadsgatan 8',
    postcode: '70227',
    city: 'Örebro',
    phone: '019-45 67 80',
    email: 'order@ekdahlsbygg.example',
    invoiceAddress: { street: 'Box 450', postcode: '70148', city: 'Örebro' },
    hasNetPrices: true,
    accounts: [
      {
        store: '3002',
        customerNumber: 'S-2045',
        creditLimitOre: 8_000_000,
        paymentTermsDays: 30,
        termsAccepted: true,
      },
      {
        store: '3001',
        customerNumber: 'S-2045-U',
        creditLimitOre: 3_000_000,
        paymentTermsDays: 20,
        termsAccepted: true,
      },
    ],
  },
];

type Rights = { projects: boolean; offers: boolean; orders: boolean; invoices: boolean };
const ALL: Rights = { projects: true, offers: true, orders: true, invoices: true };

export type DemoUser = {
  username: string;
  name: string;
  /** customer: a company's user; editor: the content editor; staff: a store's staff (ADR 026, 035). */
  kind: 'customer' | 'editor' | 'staff';
  /** A customer's company role; 'editor' for the content editor; 'staff' for store staff. */
  role: 'admin' | 'user' | 'editor' | 'staff';
  organisationId: OrganisationId;
  companyId: number | null;
  /** An ordinary user's rights (administrators have all). */
  rights: Rights;
  /** Limited to one region (spec §9, 1–7); null = all. */
  regionId: number | null;
  /**
   * Narrowed to some of the company's stores (slug or external id); empty = all of them. A
   * staff user's stores.
   */
  storeRefs: string[];
  /** Demo password, printed in the README. */
  password: string;
};

/**
 * The demo trade users: for each company an administrator and ordinary users with limited
 * rights, a region-limited user, the central customer, both organisations, and the content
 * editor. The stores are the first ones the seed places (Stockholm, Göteborg; the
 * building-supply chain's 3001 and 3002), which exist at every store count.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'anna.lindqvist@lindqvistbygg.example',
    name: 'Anna Lindqvist',
    kind: 'customer',
    role: 'admin',
    organisationId: 'store-chain',
    companyId: 1,
    rights: ALL,
    regionId: null,
    storeRefs: [],
    password: 'Admin2026!',
  },
  {
    username: 'olle.lindqvist@lindqvistbygg.example',
    name: 'Olle Lindqvist',
    kind: 'customer',
    role: 'user',
    organisationId: 'store-chain',
    companyId: 1,
    rights: { projects: true, offers: false, orders: true, invoices: false },
    regionId: null,
    storeRefs: [],
    password: 'Anvandare2026!',
  },
  {
    username: 'sara.holm@lindqvistbygg.example',
    name: 'Sara Holm',
    kind: 'customer',
    role: 'user',
    organisationId: 'store-chain',
    companyId: 1,
    rights: { projects: false, offers: false, orders: false, invoices: true },
    // Stockholm only: Göteborg (Västsverige) answers 403 for her.
    regionId: 4,
    storeRefs: [],
    password: 'Region2026!',
  },
  {
    username: 'karin.nordin@nordinssnickeri.example',
    name: 'Karin Nordin',
    kind: 'customer',
    role: 'admin',
    organisationId: 'store-chain',
    companyId: 2,
    rights: ALL,
    regionId: null,
    storeRefs: [],
    password: 'Nordin2026!',
  },
  {
    username: 'erik.nordin@nordinssnickeri.example',
    name: 'Erik Nordin',
    kind: 'customer',
    role: 'user',
    organisationId: 'store-chain',
    companyId: 2,
    rights: ALL,
    regionId: null,
    storeRefs: [],
    password: 'Proffs2026!',
  },
  {
    username: 'maria.ekholm@ekholmsfastighet.example',
    name: 'Maria Ekholm',
    kind: 'customer',
    role: 'admin',
    organisationId: 'store-chain',
    companyId: 3,
    rights: ALL,
    regionId: null,
    storeRefs: [],
    password: 'Rikskund2026!',
  },
  {
    username: 'lars.berg@bergstak.example',
    name: 'Lars Berg',
    kind: 'customer',
    role: 'admin',
    organisationId: 'building-supply',
    companyId: 4,
    rights: ALL,
    regionId: null,
    storeRefs: [],
    password: 'Stomvik2026!',
  },
  {
    username: 'nils.ek@bergstak.example',
    name: 'Nils Ek',
    kind: 'customer',
    role: 'user',
    organisationId: 'building-supply',
    companyId: 4,
    rights: { projects: false, offers: false, orders: true, invoices: false },
    regionId: null,
    storeRefs: ['3001'],
    password: 'Takare2026!',
  },
  {
    username: 'petra.ekdahl@ekdahlsbygg.example',
    name: 'Petra Ekdahl',
    kind: 'customer',
    role: 'admin',
    organisationId: 'building-supply',
    companyId: 5,
    rights: ALL,
    regionId: null,
    storeRefs: [],
    password: 'Ekdahl2026!',
  },
  {
    username: 'jonas.ekdahl@ekdahlsbygg.example',
    name: 'Jonas Ekdahl',
    kind: 'customer',
    role: 'user',
    organisationId: 'building-supply',
    companyId: 5,
    rights: { projects: true, offers: false, orders: true, invoices: false },
    regionId: null,
    storeRefs: [],
    password: 'Fasad2026!',
  },
  {
    username: 'johan.berg@timmerkedjan.example',
    name: 'Johan Berg',
    kind: 'editor',
    role: 'editor',
    organisationId: 'store-chain',
    companyId: null,
    rights: { projects: false, offers: false, orders: false, invoices: false },
    regionId: null,
    storeRefs: [],
    password: 'Redaktor2026!',
  },
  // Store staff (issue 20): they answer the trade customers' messages of their store.
  {
    username: 'eva.stromberg@timmerkedjan.example',
    name: 'Eva Strömberg',
    kind: 'staff',
    role: 'staff',
    organisationId: 'store-chain',
    companyId: null,
    rights: { projects: false, offers: false, orders: false, invoices: false },
    regionId: null,
    storeRefs: ['stockholm'],
    password: 'Butik2026!',
  },
  {
    username: 'per.dahl@timmerkedjan.example',
    name: 'Per Dahl',
    kind: 'staff',
    role: 'staff',
    organisationId: 'store-chain',
    companyId: null,
    rights: { projects: false, offers: false, orders: false, invoices: false },
    regionId: null,
    storeRefs: ['goteborg'],
    password: 'Butik2026!',
  },
  {
    username: 'lena.sjoberg@stomvik.example',
    name: 'Lena Sjöberg',
    kind: 'staff',
    role: 'staff',
    organisationId: 'building-supply',
    companyId: null,
    rights: { projects: false, offers: false, orders: false, invoices: false },
    regionId: null,
    storeRefs: ['3001'],
    password: 'Butik2026!',
  },
];

/**
 * Punch-out buyers (issue 22, ADR 043): purchasing systems that open OCI sessions. The demo
 * buyer is Lindqvist Bygg & Montage AB's purchasing system; its login is in the README, and
 * its HOOK_URL may point at its own (fictional) host or at this machine (the e2e test page).
 */
export const PUNCHOUT_BUYERS = [
  {
    organisationId: 'store-chain',
    companyId: 1,
    name: 'Lindqvist Bygg & Montage AB – inköpssystem',
    username: 'lindqvist-inkop',
    password: 'Punchout2026!',
    allowedHosts: ['inkop.lindqvistbygg.example', 'localhost', '127.0.0.1'],
  },
] as const satisfies ReadonlyArray<{
  organisationId: 'store-chain' | 'building-supply';
  companyId: number | null;
  name: string;
  username: string;
  password: string;
  allowedHosts: string[];
}>;
