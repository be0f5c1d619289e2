import { describe, expect, it } from 'vitest';
import { groupByRegion, splitCentral } from './regions.ts';

function store(name: string, regionId: number, isCentral = false) {
  return { name, region: { id: regionId }, isCentral };
}

describe('groupByRegion', () => {
  it('puts stores under the seven regions in the spec order, leaving empty regions out', () => {
    const groups = groupByRegion([
      store('Malmö', 7),
      store('Luleå', 1),
      store('Stockholm', 4),
      store('Lund', 7),
    ]);
    expect(groups.map((group) => [group.id, group.name, group.stores.length])).toEqual([
      [1, 'Norra Norrland', 1],
      [4, 'Stockholm', 1],
      [7, 'Skåne & Blekinge', 2],
    ]);
  });

  it('names every region as the spec does', () => {
    const groups = groupByRegion([1, 2, 3, 4, 5, 6, 7].map((id) => store(`Butik ${id}`, id)));
    expect(groups.map((group) => group.name)).toEqual([
      'Norra Norrland',
      'Södra Norrland',
      'Mellansverige',
      'Stockholm',
      'Östra Götaland',
      'Västsverige',
      'Skåne & Blekinge',
    ]);
  });

  it('sorts stores within a region in Swedish order (å, ä, ö after z)', () => {
    const [group] = groupByRegion([
      store('Örebro', 3),
      store('Arvika', 3),
      store('Ängelholm', 3),
      store('Västerås', 3),
      store('Åmål', 3),
    ]);
    expect(group?.stores.map((s) => s.name)).toEqual([
      'Arvika',
      'Västerås',
      'Åmål',
      'Ängelholm',
      'Örebro',
    ]);
  });

  it('never puts the central store in a region group', () => {
    const groups = groupByRegion([store('Rikslager', 5, true), store('Jönköping', 5)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.stores.map((s) => s.name)).toEqual(['Jönköping']);
  });
});

describe('splitCentral', () => {
  it('separates the central store from the local ones', () => {
    const central = store('Rikslager', 5, true);
    const local = store('Jönköping', 5);
    expect(splitCentral([local, central])).toEqual({ central, local: [local] });
    expect(splitCentral([local])).toEqual({ central: null, local: [local] });
  });
});
