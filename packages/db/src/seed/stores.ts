import type { OrganisationId } from '@bygg/domain/organisations';
import { AVAILABILITY } from '@bygg/domain/availability';
import { slugify } from '@bygg/domain/slug';
import { swedishHolidays } from '@bygg/domain/swedish-holidays';
import type { SwedishHoliday } from '@bygg/domain/swedish-holidays';
import type { SeedData, Town } from './data.ts';
import { hashString, unit } from './random.ts';
import { formatCellphone, formatPhone } from './text.ts';

/** Store regions 1–7 (storefront spec §3). */
export const REGIONS = [
  { id: 1, name: 'Norra Norrland' },
  { id: 2, name: 'Södra Norrland' },
  { id: 3, name: 'Mellansverige' },
  { id: 4, name: 'Stockholm' },
  { id: 5, name: 'Östra Götaland' },
  { id: 6, name: 'Västsverige' },
  { id: 7, name: 'Skåne & Blekinge' },
] as const;

/** Big cities first (one per region in the first seven), so any prefix covers every region. */
const BIG_CITIES = [
  'Stockholm',
  'Göteborg',
  'Malmö',
  'Uppsala',
  'Linköping',
  'Sundsvall',
  'Umeå',
  'Örebro',
  'Västerås',
  'Helsingborg',
  'Norrköping',
  'Jönköping',
  'Lund',
  'Borås',
  'Eskilstuna',
  'Gävle',
  'Halmstad',
  'Växjö',
  'Karlstad',
  'Luleå',
  'Kalmar',
];

const DISTRICTS = ['Norra', 'Södra', 'Östra', 'Västra'] as const;

export type StoreSize = 'large' | 'medium' | 'small' | 'central';

export type StoreSeed = {
  id: number;
  organisationId: OrganisationId;
  externalId: string;
  slug: string;
  name: string;
  isCentral: boolean;
  proffsEnabled: boolean;
  warehouseId: number;
  groupSlug: string | null;
  phone: string;
  cellphone: string;
  email: string;
  address: string;
  zipCode: string;
  city: string;
  county: string;
  regionId: number;
  web: string | null;
  svgUrl: string | null;
  lat: number;
  lon: number;
  localAssortmentNotice: string | null;
  size: StoreSize;
};

export type WarehouseSeed = {
  id: number;
  organisationId: OrganisationId;
  code: string;
  name: string;
  isCentral: boolean;
  /** Share of the organisation's assortment this warehouse keeps, 0..1. */
  carries: number;
  size: StoreSize;
};

export type OpeningHoursSeed = {
  storeId: number;
  dayNum: number;
  date: string | null;
  openTime: string | null;
  closeTime: string | null;
  holiday: string | null;
};

export type StockedWarehouseSeed = { storeId: number; warehouseId: number; availability: number };

export type OrganisationSeed = { id: OrganisationId; name: string; domain: string };

/** Town order used to place stores: big cities, then the rest with regions taking turns. */
export function townOrder(towns: readonly Town[]): Town[] {
  const big = BIG_CITIES.map((city) => towns.find((t) => t.city === city)).filter(
    (t): t is Town => !!t,
  );
  const rest = towns.filter((t) => !BIG_CITIES.includes(t.city));
  const byRegion = REGIONS.map((r) => rest.filter((t) => t.region === r.id));
  const picked = byRegion.map(() => 0);
  const out = [...big];
  // Stride scheduling: the region furthest behind its share goes next.
  while (out.length < towns.length) {
    let best = -1;
    let bestScore = Infinity;
    byRegion.forEach((list, i) => {
      const done = picked[i] ?? 0;
      if (done >= list.length) return;
      const score = (done + 1) / list.length;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best < 0) break;
    const town = byRegion[best]?.[picked[best] ?? 0];
    picked[best] = (picked[best] ?? 0) + 1;
    if (town) out.push(town);
  }
  return out;
}

type Placement = { town: Town; district: string | null; zip: string; lat: number; lon: number };

/** 1–3 km from the town centre (the reference coordinates are centres, stores sit outside). */
function offset(lat: number, lon: number, key: string): { lat: number; lon: number } {
  const distanceKm = 1 + unit(hashString(`${key}:d`)) * 2;
  const bearing = unit(hashString(`${key}:b`)) * 2 * Math.PI;
  const dLat = (distanceKm / 111.32) * Math.cos(bearing);
  const dLon = (distanceKm / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.sin(bearing);
  return { lat: Math.round((lat + dLat) * 1e5) / 1e5, lon: Math.round((lon + dLon) * 1e5) / 1e5 };
}

function placements(data: SeedData, count: number): Placement[] {
  const order = townOrder(data.towns);
  const out: Placement[] = [];
  for (const town of order.slice(0, count)) {
    const position = offset(town.lat, town.lon, town.slug);
    out.push({ town, district: null, zip: town.example_zip, ...position });
  }
  // More stores than towns: second, third … stores in the big cities, at real postcodes.
  const zips = Object.keys(data.postcodes).sort();
  for (let round = 0; out.length < count && round < DISTRICTS.length; round++) {
    for (const city of BIG_CITIES) {
      if (out.length >= count) break;
      const town = data.towns.find((t) => t.city === city);
      if (!town) continue;
      const candidates = zips.filter(
        (z) => z.startsWith(town.zip_prefix) && z !== town.example_zip,
      );
      const zip =
        candidates[hashString(`${city}:${round}`) % Math.max(1, candidates.length)] ??
        town.example_zip;
      const [lat, lon] = data.postcodes[zip] ?? [town.lat, town.lon];
      const district = DISTRICTS[round] ?? 'Centrum';
      out.push({ town, district, zip, ...offset(lat, lon, `${town.slug}:${district}`) });
    }
  }
  return out;
}

/** The first third of a chain's stores (the big cities) are large, the last third small. */
function storeSize(index: number, count: number): StoreSize {
  return index < count / 3 ? 'large' : index < (2 * count) / 3 ? 'medium' : 'small';
}

const CARRIES: Record<StoreSize, number> = { large: 0.75, medium: 0.55, small: 0.35, central: 0.9 };

const NOTICES = [
  'Butiken har ett begränsat sortiment av trävaror. Beställ gärna i förväg så plockar vi ihop din order.',
  'Virkesupplaget har egen infart via Lagervägen. Fråga personalen om hjälp med lastning.',
  'Vissa varor finns endast på vårt centrallager och levereras till butiken inom 2–4 arbetsdagar.',
];

export type StoreBuild = {
  stores: StoreSeed[];
  warehouses: WarehouseSeed[];
  openingHours: OpeningHoursSeed[];
  stockedWarehouses: StockedWarehouseSeed[];
};

/** Holidays the demo stores keep closed; on the others they keep short hours. */
const CLOSED_ON = new Set(['Nyårsdagen', 'Påskdagen', 'Midsommarafton', 'Juldagen']);

/**
 * Every Swedish public holiday and holiday eve of the year (issue 22: Easter, 1 maj, Kristi
 * himmelsfärd and 6 juni were missing), each with the shop hours of a holiday.
 */
function specialDays(
  year: number,
): Array<{ date: string; holiday: string; kind: SwedishHoliday['kind']; open: boolean }> {
  return swedishHolidays(year).map((holiday) => ({
    date: holiday.date,
    holiday: holiday.name,
    kind: holiday.kind,
    open: !CLOSED_ON.has(holiday.name),
  }));
}

type WeekHours = Array<[string, string] | null>;

/** Weekly hours by store size, with variation so the merging of equal days is exercised. */
function weekHours(size: StoreSize, key: string): WeekHours {
  const v = hashString(key) % 4;
  if (size === 'central')
    return [
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['08:00', '16:00'],
      null,
      null,
    ];
  if (size === 'large') {
    const weekday: [string, string] = v < 2 ? ['06:30', '19:00'] : ['07:00', '20:00'];
    const friday: [string, string] = v === 1 ? ['06:30', '18:00'] : weekday;
    return [weekday, weekday, weekday, weekday, friday, ['09:00', '17:00'], ['10:00', '16:00']];
  }
  if (size === 'medium') {
    const weekday: [string, string] = v < 2 ? ['07:00', '18:00'] : ['06:30', '18:00'];
    const friday: [string, string] = v === 3 ? ['07:00', '17:00'] : weekday;
    return [
      weekday,
      weekday,
      weekday,
      weekday,
      friday,
      ['09:00', '15:00'],
      v === 0 ? null : ['10:00', '14:00'],
    ];
  }
  const weekday: [string, string] = v < 2 ? ['07:00', '17:00'] : ['06:45', '16:30'];
  return [
    weekday,
    weekday,
    weekday,
    weekday,
    ['07:00', '16:00'],
    v === 2 ? null : ['09:00', '13:00'],
    null,
  ];
}

export type BuildStoresOptions = {
  data: SeedData;
  organisations: Record<OrganisationId, OrganisationSeed>;
  storeChainStores: number;
  buildingSupplyStores: number;
  now: Date;
};

export function buildStores(opts: BuildStoresOptions): StoreBuild {
  const { data, organisations, now } = opts;
  const stores: StoreSeed[] = [];
  const warehouses: WarehouseSeed[] = [];
  const openingHours: OpeningHoursSeed[] = [];
  const stockedWarehouses: StockedWarehouseSeed[] = [];
  const years = [now.getUTCFullYear(), now.getUTCFullYear() + 1];

  const addStore = (
    organisationId: OrganisationId,
    externalId: string,
    place: Placement,
    index: number,
    size: StoreSize,
    nameSuffix: string,
  ): StoreSeed => {
    const org = organisations[organisationId];
    const key = `${organisationId}:${externalId}`;
    const warehouse: WarehouseSeed = {
      id: warehouses.length + 1,
      organisationId,
      code: externalId,
      name: `Lager ${nameSuffix}`,
      isCentral: size === 'central',
      carries: CARRIES[size],
      size,
    };
    warehouses.push(warehouse);
    const slug = slugify(nameSuffix);
    const street =
      place.town.street_examples[hashString(key) % place.town.street_examples.length] ??
      'Industrigatan 1';
    const digits = String(hashString(`${key}:phone`)).padStart(10, '3');
    const store: StoreSeed = {
      id: stores.length + 1,
      organisationId,
      externalId,
      slug,
      name: `${org.name} ${nameSuffix}`,
      isCentral: size === 'central',
      proffsEnabled: size === 'central' || unit(hashString(`${key}:proffs`)) < 0.34 || index < 2,
      warehouseId: warehouse.id,
      groupSlug:
        size === 'central' ? 'rikskund' : slugify(REGIONS[place.town.region - 1]?.name ?? 'region'),
      phone: formatPhone(place.town.phone_area_code, digits.replace(/^0/, '2')),
      cellphone: formatCellphone(
        `07${[0, 2, 3, 6][hashString(`${key}:cell`) % 4]}`,
        String(hashString(`${key}:cell`) % 10_000_000).padStart(7, '4'),
      ),
      email: `${slug}@${org.domain}`,
      address: street,
      zipCode: place.zip,
      city: place.town.city,
      county: place.town.county,
      regionId: place.town.region,
      web: unit(hashString(`${key}:web`)) < 0.3 ? `https://${slug}.${org.domain}` : null,
      svgUrl: null,
      lat: place.lat,
      lon: place.lon,
      localAssortmentNotice:
        size === 'small' && unit(hashString(`${key}:notice`)) < 0.4
          ? (NOTICES[hashString(key) % NOTICES.length] ?? null)
          : null,
      size,
    };
    stores.push(store);

    weekHours(size, key).forEach((hours, dayNum) => {
      openingHours.push({
        storeId: store.id,
        dayNum,
        date: null,
        openTime: hours?.[0] ?? null,
        closeTime: hours?.[1] ?? null,
        holiday: null,
      });
    });
    if (size === 'small' && unit(hashString(`${key}:lunch`)) < 0.7) {
      openingHours.push({
        storeId: store.id,
        dayNum: 99,
        date: null,
        openTime: '12:00',
        closeTime: '12:30',
        holiday: null,
      });
    }
    for (const year of years) {
      for (const day of specialDays(year)) {
        const open = day.open && size !== 'central';
        // Eves: the morning; holidays: the middle of the day.
        const eveOpen = size === 'large' ? '08:00' : '09:00';
        const eveClose = day.holiday === 'Julafton' ? '12:00' : '13:00';
        openingHours.push({
          storeId: store.id,
          dayNum: 98,
          date: day.date,
          openTime: open ? (day.kind === 'eve' ? eveOpen : '10:00') : null,
          closeTime: open ? (day.kind === 'eve' ? eveClose : '15:00') : null,
          holiday: day.holiday,
        });
      }
    }
    return store;
  };

  // Store chain: local stores, then the one central nationwide store.
  const chainPlaces = placements(data, opts.storeChainStores);
  chainPlaces.forEach((place, i) => {
    const suffix = place.district ? `${place.town.city} ${place.district}` : place.town.city;
    addStore('store-chain', String(1001 + i), place, i, storeSize(i, chainPlaces.length), suffix);
  });
  const hub = data.towns.find((t) => t.city === 'Jönköping') ?? data.towns[0];
  if (!hub) throw new Error('towns.json is empty');
  const central = addStore(
    'store-chain',
    'central',
    { town: hub, district: null, zip: hub.example_zip, ...offset(hub.lat, hub.lon, 'central') },
    0,
    'central',
    'Rikslager',
  );

  // Building-supply chain: every sixth town of the same order, so it spreads over the country.
  const order = townOrder(data.towns);
  const supplyTowns = order.filter((_, i) => i % 6 === 2).slice(0, opts.buildingSupplyStores);
  supplyTowns.forEach((town, i) => {
    const place = {
      town,
      district: null,
      zip: town.example_zip,
      ...offset(town.lat, town.lon, `bs:${town.slug}`),
    };
    addStore(
      'building-supply',
      String(3001 + i),
      place,
      i,
      storeSize(i, supplyTowns.length),
      town.city,
    );
  });

  // Stocked warehouses: the own warehouse, the chain's central warehouse (delivery), and for
  // some stores the nearest sister store (sellable on order, stock not shown).
  for (const store of stores) {
    const own = store.warehouseId;
    const key = `${store.organisationId}:${store.externalId}`;
    const u = unit(hashString(`${key}:stocked`));
    const ownBits = store.isCentral
      ? AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE
      : u < 0.15
        ? AVAILABILITY.SELLABLE | AVAILABILITY.BOOKABLE
        : AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.BOOKABLE;
    stockedWarehouses.push({ storeId: store.id, warehouseId: own, availability: ownBits });
    if (store.organisationId === 'store-chain' && !store.isCentral) {
      const centralBits =
        u < 0.1
          ? AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.HIDDEN_STOCK
          : AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE;
      stockedWarehouses.push({
        storeId: store.id,
        warehouseId: central.warehouseId,
        availability: centralBits,
      });
    }
    if (!store.isCentral && u > 0.75) {
      const sister = nearestSister(store, stores);
      if (sister) {
        const bits =
          u > 0.95
            ? AVAILABILITY.HIDDEN
            : u > 0.9
              ? AVAILABILITY.SELLABLE | AVAILABILITY.NON_STOCKED_ITEM
              : AVAILABILITY.SELLABLE | AVAILABILITY.BOOKABLE | AVAILABILITY.HIDDEN_STOCK;
        const hiddenPrice = u > 0.85 && u <= 0.9 ? AVAILABILITY.HIDDEN_PRICE : 0;
        stockedWarehouses.push({
          storeId: store.id,
          warehouseId: sister.warehouseId,
          availability: bits | hiddenPrice,
        });
      }
    }
  }
  return { stores, warehouses, openingHours, stockedWarehouses };
}

function nearestSister(store: StoreSeed, all: readonly StoreSeed[]): StoreSeed | undefined {
  let best: StoreSeed | undefined;
  let bestDistance = Infinity;
  for (const other of all) {
    if (other.id === store.id || other.organisationId !== store.organisationId || other.isCentral)
      continue;
    const d =
      (other.lat - store.lat) ** 2 +
      ((other.lon - store.lon) * Math.cos((store.lat * Math.PI) / 180)) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = other;
    }
  }
  return best;
}
