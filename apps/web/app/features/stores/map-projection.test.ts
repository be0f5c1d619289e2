import { describe, expect, it } from 'vitest';
import {
  clusterPoints,
  fitView,
  project,
  tilesFor,
  tileUrl,
  toViewPoint,
  unproject,
} from './map-projection.ts';

describe('Web Mercator projection', () => {
  it('puts 0°, 0° in the middle of the world and round-trips positions', () => {
    expect(project({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const back = unproject(project({ lat: 62.88, lon: 15.29 }, 4), 4);
    expect(back.lat).toBeCloseTo(62.88, 6);
    expect(back.lon).toBeCloseTo(15.29, 6);
  });

  it('places the view centre in the middle of the view', () => {
    const view = { center: { lat: 62.88, lon: 15.29 }, zoom: 4, width: 240, height: 400 };
    const point = toViewPoint(view, view.center);
    expect(point.x).toBeCloseTo(120, 6);
    expect(point.y).toBeCloseTo(200, 6);
  });
});

describe('fitView', () => {
  const options = {
    width: 240,
    height: 400,
    padding: 24,
    minZoom: 3,
    maxZoom: 13,
    fallback: { center: { lat: 62.88, lon: 15.29 }, zoom: 4 },
  };

  it('shows all of Sweden at zoom 4 in the list map, and the fallback without points', () => {
    const sweden = [
      { lat: 55.4, lon: 13.0 },
      { lat: 65.6, lon: 22.1 },
      { lat: 59.3, lon: 18.1 },
    ];
    expect(fitView(sweden, options).zoom).toBe(4);
    expect(fitView([], options)).toMatchObject({ center: { lat: 62.88, lon: 15.29 }, zoom: 4 });
  });

  it('zooms in as far as the points allow and keeps them inside the padding', () => {
    const gothenburg = [
      { lat: 57.7, lon: 11.97 },
      { lat: 57.65, lon: 12.01 },
    ];
    const view = fitView(gothenburg, options);
    expect(view.zoom).toBeGreaterThan(9);
    for (const point of gothenburg) {
      const p = toViewPoint(view, point);
      expect(p.x).toBeGreaterThanOrEqual(24);
      expect(p.x).toBeLessThanOrEqual(240 - 24);
      expect(p.y).toBeGreaterThanOrEqual(24);
      expect(p.y).toBeLessThanOrEqual(400 - 24);
    }
  });
});

describe('tiles', () => {
  it('covers the whole view with tiles, sharper tiles at the next zoom level', () => {
    const view = { center: { lat: 62.88, lon: 15.29 }, zoom: 4, width: 240, height: 400 };
    const tiles = tilesFor(view, 5);
    expect(tiles.every((tile) => tile.z === 5 && tile.size === 128)).toBe(true);
    const left = Math.min(...tiles.map((t) => t.left));
    const right = Math.max(...tiles.map((t) => t.left + t.size));
    const top = Math.min(...tiles.map((t) => t.top));
    const bottom = Math.max(...tiles.map((t) => t.top + t.size));
    expect(left).toBeLessThanOrEqual(0);
    expect(top).toBeLessThanOrEqual(0);
    expect(right).toBeGreaterThanOrEqual(240);
    expect(bottom).toBeGreaterThanOrEqual(400);
  });

  it('fills a {z}/{x}/{y} template', () => {
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', { x: 16, y: 8, z: 5 })).toBe(
      'https://a.tiles.example/5/16/8.png',
    );
  });
});

describe('clusterPoints', () => {
  it('merges markers until every pair of targets is at least the radius apart', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 30, y: 0 },
      { x: 100, y: 100 },
    ];
    const clusters = clusterPoints(points, (p) => p, 26);
    for (const a of clusters) {
      for (const b of clusters) {
        if (a !== b) {
          expect(Math.hypot(a.point.x - b.point.x, a.point.y - b.point.y)).toBeGreaterThanOrEqual(
            26,
          );
        }
      }
    }
    expect(clusters.map((c) => c.members.length).sort()).toEqual([1, 3]);
  });
});
