import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seedDataFolder } from '../paths.ts';

/** The reference files copied into packages/db/seed-data (see ATTRIBUTION.md there). */

export type Town = {
  city: string;
  slug: string;
  municipality: string;
  county: string;
  county_code: string;
  region: number;
  region_name: string;
  lat: number;
  lon: number;
  zip_prefix: string;
  example_zip: string;
  phone_area_code: string;
  street_examples: string[];
};

export type CategoryJson = {
  name: string;
  slug: string;
  path: string;
  level: number;
  unit?: string;
  children?: CategoryJson[];
};

export type BrandJson = {
  name: string;
  slug: string;
  product_areas: string;
  top_categories: string[];
};

export type TemplateJson = {
  id: string;
  title: string;
  vars: Record<string, string[]>;
  brands: string[];
  unit: string;
  price_min_sek: number;
  price_max_sek: number;
  price_scale_var?: string;
  price_scale_mode?: 'index' | 'numeric' | 'area';
};

export type TemplateCategoryJson = {
  category_path: string;
  category_name: string;
  unit: string;
  templates: TemplateJson[];
};

export type SeedData = {
  towns: Town[];
  categories: CategoryJson[];
  brands: BrandJson[];
  templates: TemplateCategoryJson[];
  postcodes: Record<string, [number, number]>;
};

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(seedDataFolder(), file), 'utf8')) as T;
}

let cached: SeedData | undefined;

export function loadSeedData(): SeedData {
  cached ??= {
    towns: readJson<Town[]>('towns.json'),
    categories: readJson<CategoryJson[]>('categories.json'),
    brands: readJson<BrandJson[]>('brands.json'),
    templates: readJson<{ categories: TemplateCategoryJson[] }>('product_templates.json')
      .categories,
    postcodes: readJson<Record<string, [number, number]>>('postcodes.json'),
  };
  return cached;
}
