/**
 * Web Mercator arithmetic for the store map (the projection slippy-map tile servers use), so
 * the drawn outline, the markers and any tiles line up. World pixels: 256 × 2^zoom square.
 */

/** A slippy-map tile server (env MAP_TILE_URL), passed down from the root loader. */
export type MapTiles = { url: string; attribution: string | null };

export type LatLon = { lat: number; lon: number };
export type Point = { x: number; y: number };
/** What the map shows: a centre, a zoom level and the viewport size in world pixels. */
export type MapView = { center: LatLon; zoom: number; width: number; height: number };

export const TILE_SIZE = 256;
/** Mercator is undefined at the poles; tile servers cut it here. */
const MAX_LATITUDE = 85.05112878;

export function project(point: LatLon, zoom: number): Point {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export function unproject(point: Point, zoom: number): LatLon {
  const scale = TILE_SIZE * 2 ** zoom;
  const lon = (point.x / scale) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * point.y) / scale;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lat, lon };
}

/** The top-left corner of the view in world pixels. */
export function viewOrigin(view: MapView): Point {
  const center = project(view.center, view.zoom);
  return { x: center.x - view.width / 2, y: center.y - view.height / 2 };
}

/** A position in the view's own pixels (0…width, 0…height; outside means off the map). */
export function toViewPoint(view: MapView, point: LatLon): Point {
  const origin = viewOrigin(view);
  const world = project(point, view.zoom);
  return { x: world.x - origin.x, y: world.y - origin.y };
}

export function isInView(view: MapView, point: Point): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= view.width && point.y <= view.height;
}

/**
 * The highest whole zoom (between minZoom and maxZoom) at which all points fit in the view
 * with `padding` pixels to spare, centred on their bounding box. No points: the fallback.
 */
export function fitView(
  points: readonly LatLon[],
  options: {
    width: number;
    height: number;
    padding: number;
    minZoom: number;
    maxZoom: number;
    fallback: { center: LatLon; zoom: number };
  },
): MapView {
  const { width, height, padding } = options;
  if (points.length === 0) return { ...options.fallback, width, height };
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const north = Math.max(...lats);
  const south = Math.min(...lats);
  const east = Math.max(...lons);
  const west = Math.min(...lons);
  let zoom = options.maxZoom;
  for (; zoom > options.minZoom; zoom--) {
    const ne = project({ lat: north, lon: east }, zoom);
    const sw = project({ lat: south, lon: west }, zoom);
    if (ne.x - sw.x <= width - 2 * padding && sw.y - ne.y <= height - 2 * padding) break;
  }
  // The centre of the box in projected space, so it is also the centre on screen.
  const ne = project({ lat: north, lon: east }, zoom);
  const sw = project({ lat: south, lon: west }, zoom);
  const center = unproject({ x: (ne.x + sw.x) / 2, y: (ne.y + sw.y) / 2 }, zoom);
  return { center, zoom, width, height };
}

export type Tile = { x: number; y: number; z: number; left: number; top: number; size: number };

/**
 * The tiles covering the view at `tileZoom` (a level above the view's zoom gives sharper
 * pictures on wide or high-density screens), positioned in view pixels.
 */
export function tilesFor(view: MapView, tileZoom: number = view.zoom): Tile[] {
  const origin = viewOrigin(view);
  const size = TILE_SIZE / 2 ** (tileZoom - view.zoom);
  const count = 2 ** tileZoom;
  const tiles: Tile[] = [];
  const firstX = Math.floor(origin.x / size);
  const lastX = Math.floor((origin.x + view.width - 1) / size);
  const firstY = Math.max(0, Math.floor(origin.y / size));
  const lastY = Math.min(count - 1, Math.floor((origin.y + view.height - 1) / size));
  for (let y = firstY; y <= lastY; y++) {
    for (let x = firstX; x <= lastX; x++) {
      const wrapped = ((x % count) + count) % count;
      tiles.push({
        x: wrapped,
        y,
        z: tileZoom,
        left: x * size - origin.x,
        top: y * size - origin.y,
        size,
      });
    }
  }
  return tiles;
}

/** Fills a {z}/{x}/{y} template; {s} becomes a subdomain letter, {r} nothing (no retina). */
export function tileUrl(template: string, tile: Pick<Tile, 'x' | 'y' | 'z'>): string {
  const subdomain = 'abc'[(tile.x + tile.y) % 3] ?? 'a';
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y))
    .replaceAll('{s}', subdomain)
    .replaceAll('{r}', '');
}

export type Cluster<T> = { point: Point; members: T[] };

/**
 * Clustering in view pixels: markers closer than `radius` merge, and so do clusters whose
 * centres end up closer than `radius`, until every pair is at least `radius` apart. Keeps
 * touch targets from overlapping (WCAG 2.5.8) when many stores share a city.
 */
export function clusterPoints<T>(
  items: readonly T[],
  pointOf: (item: T) => Point,
  radius: number,
): Cluster<T>[] {
  const clusters: Cluster<T>[] = items.map((item) => ({ point: pointOf(item), members: [item] }));
  let merged = true;
  while (merged) {
    merged = false;
    for (let a = 0; a < clusters.length && !merged; a++) {
      for (let b = a + 1; b < clusters.length && !merged; b++) {
        const first = clusters[a]!;
        const second = clusters[b]!;
        if (Math.hypot(first.point.x - second.point.x, first.point.y - second.point.y) < radius) {
          const members = [...first.members, ...second.members];
          const points = members.map(pointOf);
          clusters[a] = {
            members,
            point: {
              x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
              y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
            },
          };
          clusters.splice(b, 1);
          merged = true;
        }
      }
    }
  }
  return clusters;
}
