import { describe, expect, it } from 'vitest';
import type { ChoiceTree } from './choice-tree.ts';
import {
  availableChoices,
  choiceCounts,
  resolveChoices,
  selectionForArticle,
  selectionFromParams,
} from './choice-tree.ts';

const tree: ChoiceTree = [
  {
    name: 'size',
    label: 'Storlek',
    choices: [
      { value: '5x5', label: '5x5' },
      { value: '9x9', label: '9x9' },
    ],
    deps: [],
    articles: { '5x5': [11, 12], '9x9': [21] },
    article_skus: {},
  },
  {
    name: 'u',
    label: 'U-värde',
    choices: [
      { value: '1,2', label: '1,2 W/m²K' },
      { value: '0,9', label: '0,9 W/m²K' },
    ],
    deps: ['size'],
    articles: { '5x5|1,2': [11], '5x5|0,9': [12], '9x9|1,2': [21] },
    article_skus: {},
  },
];

describe('choice tree', () => {
  it('resolves a full combination to the one article it names', () => {
    expect(resolveChoices(tree, { size: '5x5', u: '0,9' })).toEqual({
      articleIds: [12],
      complete: true,
    });
  });

  it('respects deps: a U-value is offered only where the chosen size has it', () => {
    expect(availableChoices(tree[1]!, { size: '9x9' }).map((c) => c.value)).toEqual(['1,2']);
    expect(availableChoices(tree[1]!, {})).toEqual([]);
  });

  it("does not count a better-U-value choice whose value is 'false' or unset", () => {
    expect(choiceCounts(tree[1]!, 'false')).toBe(false);
    expect(choiceCounts(tree[1]!, undefined)).toBe(false);
    expect(choiceCounts(tree[1]!, '')).toBe(false);
    expect(choiceCounts(tree[0]!, 'false')).toBe(true);
    expect(resolveChoices(tree, { size: '5x5', u: 'false' })).toEqual({
      articleIds: [11, 12],
      complete: true,
    });
  });

  it('is incomplete while a required choice is missing', () => {
    expect(resolveChoices(tree, { u: '1,2' }).complete).toBe(false);
  });

  it('finds the selection that leads to an article', () => {
    expect(selectionForArticle(tree, 12)).toEqual({ size: '5x5', u: '0,9' });
  });

  it('drops a value from the URL that the earlier choices rule out', () => {
    const params = new URLSearchParams('size=9x9&u=0,9');
    expect(selectionFromParams(tree, params)).toEqual({ size: '9x9' });
  });
});
