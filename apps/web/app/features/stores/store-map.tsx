import { useState } from 'react';
import { Link } from 'react-router';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@bygg/domain/limits';
import {
  clusterPoints,
  fitView,
  isInView,
  tilesFor,
  tileUrl,
  toViewPoint,
} from './map-projection.ts';
import type { LatLon, MapTiles, MapView } from './map-projection.ts';
import { SWEDEN_LAKES, SWEDEN_LAND } from './sweden-outline.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import './stores.css';

export type MapMarker = {
  id: string | number;
  lat: number;
  lon: number;
  /** The marker's accessible name and hover label, e.g. the store's name. */
  label: string;
  /** A marker is a link (store page) or a button (show the store in the drawer). */
  href?: string;
  onSelect?: () => void;
  /** The visitor's chosen store stands out. */
  highlighted?: boolean;
};

/** View sizes in map pixels; CSS scales the map to its box, keeping the aspect ratio. */
const SIZES = {
  /** The store list: the whole country at zoom 4 (spec §9). */
  overview: { width: 240, height: 400 },
  /** The store page. */
  detail: { width: 400, height: 280 },
  /** The drawer's store view. */
  compact: { width: 360, height: 180 },
} as const;

/**
 * The drawn outline is coarse (about ±10 km): a place is shown at most at zoom 6 on it, but
 * the visitor may zoom further to tell nearby stores apart.
 */
const OUTLINE_PLACE_ZOOM = 6;
const OUTLINE_MAX_ZOOM = 9;
const TILES_MAX_ZOOM = 16;
/** Fitting a few nearby stores with tiles stops at street level. */
const FIT_MAX_ZOOM = 13;
const MIN_ZOOM = 3;
/** Markers closer than this (map pixels) merge into one, so touch targets stay apart. */
const CLUSTER_RADIUS = 26;
const FIT_PADDING = 24;
const LABEL_MIN_ZOOM = 7;
const LABEL_MAX_MARKERS = 12;

type StoreMapProps = {
  /** The map's accessible name, e.g. 'Karta över butikerna'. */
  label: string;
  markers: readonly MapMarker[];
  tiles: MapTiles | null;
  /** Fit all markers, or show a given place (the default centre and zoom for the list). */
  view: 'fit' | { center: LatLon; zoom: number };
  size: keyof typeof SIZES;
};

/** A share of the view as a CSS percentage, rounded so server and browser write it alike. */
function percent(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(2)}%`;
}

type TileState = 'loading' | 'shown' | 'failed';

function ringPath(view: MapView, ring: ReadonlyArray<readonly [number, number]>): string {
  return `${ring
    .map(([lat, lon], index) => {
      const point = toViewPoint(view, { lat, lon });
      return `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`;
    })
    .join(' ')}Z`;
}

/** Parallels and meridians, closer together as the map zooms in, for orientation. */
function graticule(view: MapView): string {
  const step = view.zoom <= 4 ? 2 : view.zoom <= 6 ? 1 : view.zoom <= 8 ? 0.5 : 0.25;
  const parts: string[] = [];
  for (let i = Math.ceil(54 / step); i * step <= 70; i++) {
    const a = toViewPoint(view, { lat: i * step, lon: 0 });
    parts.push(`M0 ${a.y.toFixed(1)}H${view.width}`);
  }
  for (let i = Math.ceil(4 / step); i * step <= 32; i++) {
    const a = toViewPoint(view, { lat: 0, lon: i * step });
    parts.push(`M${a.x.toFixed(1)} 0V${view.height}`);
  }
  return parts.join(' ');
}

/**
 * A small map without a map library: an outline of Sweden drawn from coordinates, store
 * markers as links or buttons, and, when a tile server is configured and its pictures load,
 * map tiles underneath. Without tiles (this machine is offline) the outline and the markers
 * still show where the stores are; the lists beside the map carry the same information.
 */
export function StoreMap({ label, markers, tiles, view, size }: StoreMapProps) {
  const { width, height } = SIZES[size];
  const [tileState, setTileState] = useState<TileState>('loading');
  // Tiles are requested only in the browser, after hydration, where a failure can be seen
  // (an error before hydration would go unnoticed and leave a broken picture).
  const hydrated = useHydrated();
  const useTiles = tiles !== null && hydrated && tileState !== 'failed';
  const maxZoom = useTiles ? TILES_MAX_ZOOM : OUTLINE_MAX_ZOOM;

  const markersKey = markers.map((marker) => marker.id).join(',');
  const initial: MapView =
    view === 'fit'
      ? fitView(markers, {
          width,
          height,
          padding: FIT_PADDING,
          minZoom: MIN_ZOOM,
          // Several stores on the outline may zoom further, so that they can be told apart.
          maxZoom: useTiles
            ? FIT_MAX_ZOOM
            : markers.length > 1
              ? OUTLINE_MAX_ZOOM
              : OUTLINE_PLACE_ZOOM,
          fallback: { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM },
        })
      : {
          center: view.center,
          zoom: Math.min(view.zoom, useTiles ? TILES_MAX_ZOOM : OUTLINE_PLACE_ZOOM),
          width,
          height,
        };
  // A zoom chosen by the visitor holds until the markers change (a new search).
  const [chosen, setChosen] = useState<{ key: string; center: LatLon; zoom: number } | null>(null);
  const current: MapView =
    chosen && chosen.key === markersKey
      ? { center: chosen.center, zoom: Math.min(chosen.zoom, maxZoom), width, height }
      : initial;
  const zoomTo = (center: LatLon, zoom: number) =>
    setChosen({ key: markersKey, center, zoom: Math.max(MIN_ZOOM, Math.min(maxZoom, zoom)) });

  const clusters = clusterPoints(
    markers,
    (marker) => toViewPoint(current, marker),
    CLUSTER_RADIUS,
  ).filter((cluster) => isInView(current, cluster.point));

  const tileZoom = Math.min(current.zoom + 1, 19);
  // Zoomed in on a few stores, their names stay on the map (else they show on hover and focus).
  const labelled = current.zoom >= LABEL_MIN_ZOOM && clusters.length <= LABEL_MAX_MARKERS;
  return (
    <div
      className={`store-map store-map--${size}${labelled ? ' store-map--labelled' : ''}`}
      role="group"
      aria-label={label}
    >
      <div className="store-map__canvas" style={{ aspectRatio: `${width} / ${height}` }}>
        <svg
          className="store-map__outline"
          viewBox={`0 0 ${width} ${height}`}
          aria-hidden="true"
          focusable="false"
        >
          <rect className="store-map__sea" width={width} height={height} />
          {SWEDEN_LAND.map((ring, index) => (
            <path key={index} className="store-map__land" d={ringPath(current, ring)} />
          ))}
          {SWEDEN_LAKES.map((ring, index) => (
            <path key={index} className="store-map__lake" d={ringPath(current, ring)} />
          ))}
          <path className="store-map__graticule" d={graticule(current)} />
        </svg>
        {useTiles ? (
          <div className={`store-map__tiles store-map__tiles--${tileState}`} aria-hidden="true">
            {tilesFor(current, tileZoom).map((tile) => (
              <img
                key={`${tile.z}/${tile.x}/${tile.y}/${tile.left}`}
                src={tileUrl(tiles.url, tile)}
                alt=""
                width={256}
                height={256}
                draggable={false}
                style={{
                  left: percent(tile.left, width),
                  top: percent(tile.top, height),
                  width: percent(tile.size, width),
                }}
                onLoad={() => setTileState((state) => (state === 'loading' ? 'shown' : state))}
                onError={() => setTileState('failed')}
              />
            ))}
          </div>
        ) : null}
        {clusters.map((cluster) => {
          const style = {
            left: percent(cluster.point.x, width),
            top: percent(cluster.point.y, height),
          };
          const [only] = cluster.members;
          if (cluster.members.length === 1 && only) {
            const className = [
              'store-map__marker',
              only.highlighted ? 'store-map__marker--highlighted' : '',
              // Names near the right edge go on the left of the dot, inside the map.
              cluster.point.x > width * 0.6 ? 'store-map__marker--label-left' : '',
            ]
              .filter(Boolean)
              .join(' ');
            const text = <span className="store-map__label">{only.label}</span>;
            return only.href ? (
              <Link key={only.id} className={className} style={style} to={only.href}>
                {text}
              </Link>
            ) : (
              <button
                key={only.id}
                type="button"
                className={className}
                style={style}
                onClick={only.onSelect}
              >
                {text}
              </button>
            );
          }
          const names = cluster.members.map((member) => member.label).join(', ');
          return (
            <button
              key={cluster.members.map((member) => member.id).join('+')}
              type="button"
              className="store-map__marker store-map__marker--cluster"
              style={style}
              onClick={() => {
                const fit = fitView(cluster.members, {
                  width,
                  height,
                  padding: FIT_PADDING * 2,
                  minZoom: current.zoom + 1,
                  maxZoom,
                  fallback: { center: current.center, zoom: current.zoom + 1 },
                });
                zoomTo(fit.center, Math.max(fit.zoom, current.zoom + 1));
              }}
            >
              <span aria-hidden="true">{cluster.members.length}</span>
              <span className="store-map__label">
                Zooma in på {cluster.members.length} butiker: {names}
              </span>
            </button>
          );
        })}
      </div>
      <div className="store-map__controls">
        <button
          type="button"
          className="store-map__control"
          aria-label="Zooma in"
          disabled={current.zoom >= maxZoom}
          onClick={() => zoomTo(current.center, current.zoom + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button
          type="button"
          className="store-map__control"
          aria-label="Zooma ut"
          disabled={current.zoom <= MIN_ZOOM}
          onClick={() => zoomTo(current.center, current.zoom - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        {chosen && chosen.key === markersKey ? (
          <button
            type="button"
            className="store-map__control store-map__control--text"
            onClick={() => setChosen(null)}
          >
            Återställ kartan
          </button>
        ) : null}
      </div>
      {useTiles && tiles.attribution ? (
        <p className="store-map__attribution">{tiles.attribution}</p>
      ) : null}
    </div>
  );
}
