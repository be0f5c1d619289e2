import type { OpeningHoursEntry, Store } from '@bygg/contracts/stores';
import { DAY_NAMES } from '@bygg/domain/opening-hours';
import type { StoreDetail } from './store-model.ts';

/** Monday–Sunday from [open, close] pairs (null: closed), as the API sends them. */
export function week(days: ReadonlyArray<readonly [string, string] | null>): OpeningHoursEntry[] {
  return days.map((times, dayNum) => ({
    day: DAY_NAMES[dayNum] ?? '',
    day_num: dayNum,
    date: null,
    times: times ? { open: times[0], close: times[1] } : null,
    holiday: null,
  }));
}

export function holiday(
  date: string,
  name: string,
  times: [string, string] | null,
): OpeningHoursEntry {
  return {
    day: name,
    day_num: 98,
    date,
    times: times ? { open: times[0], close: times[1] } : null,
    holiday: name,
  };
}

export const LUNCH: OpeningHoursEntry = {
  day: 'Lunchstängt',
  day_num: 99,
  date: null,
  times: { open: '12:00', close: '12:30' },
  holiday: null,
};

/** A store as the API returns it; override what the test is about. */
export function apiStore(overrides: Partial<Store> = {}): Store {
  return {
    id: 2,
    external_id: '1002',
    slug: 'goteborg',
    name: 'Timmerkedjan Göteborg',
    is_central: false,
    proffs_enabled: true,
    warehouse: '1002',
    group: 'vastsverige',
    phone: '031-42 22 14',
    cellphone: '076-845 56 95',
    email: 'goteborg@timmerkedjan.example',
    address: 'Timmervägen 15',
    zip_code: '41752',
    city: 'Göteborg',
    county: 'Västra Götalands län',
    region: { id: 6, name: 'Västsverige' },
    web: null,
    svg_url: null,
    local_assortment_notice: null,
    location: { lat: 57.7, lon: 11.97 },
    hours: week([
      ['07:00', '19:00'],
      ['07:00', '19:00'],
      ['07:00', '19:00'],
      ['07:00', '19:00'],
      ['07:00', '19:00'],
      ['09:00', '16:00'],
      null,
    ]),
    stocked_warehouses: [],
    ...overrides,
  };
}

/** A store as the web server hands it to the page. */
export function storeDetail(overrides: Partial<StoreDetail> = {}): StoreDetail {
  return {
    id: 2,
    slug: 'goteborg',
    name: 'Göteborg',
    fullName: 'Timmerkedjan Göteborg',
    address: 'Timmervägen 15',
    zipCode: '41752',
    city: 'Göteborg',
    county: 'Västra Götalands län',
    region: { id: 6, name: 'Västsverige' },
    location: { lat: 57.7, lon: 11.97 },
    isCentral: false,
    proffsEnabled: true,
    distanceKm: null,
    phone: '031-42 22 14',
    cellphone: '076-845 56 95',
    email: 'goteborg@timmerkedjan.example',
    hours: apiStore().hours,
    localAssortmentNotice: null,
    ...overrides,
  };
}
