import { describe, expect, it } from 'vitest';
import type { EditorMenu, EditorPage } from '@bygg/contracts/cms';
import {
  EDITABLE_ATTRIBUTE,
  findRegions,
  labelName,
  markRegions,
  unmarkRegions,
} from './editable-regions.ts';
import { applyDrafts, DRAFT_ATTRIBUTE } from './draft-preview.ts';

const page: EditorPage = {
  page: { id: 7, title: 'Kundservice', path: '/kundservice' },
  blocks: [
    {
      id: 'intro',
      type: 'rich-text',
      fields: [
        {
          uri: 'cms://node@7/blocks/intro/text.html',
          label: 'Text',
          ext: 'html',
          value: '<p>Hej</p>',
        },
      ],
    },
    { id: 'tabell', type: 'table', fields: [] },
  ],
  fields: [],
};
const menu: EditorMenu = {
  items: [
    {
      href: '/kampanjer',
      field: {
        uri: 'cms://node@3/navigation/label.txt',
        label: 'Menytext',
        ext: 'txt',
        value: 'Kampanjer',
      },
    },
    {
      href: '/inspiration',
      field: {
        uri: 'cms://node@4/navigation/label.txt',
        label: 'Menytext',
        ext: 'txt',
        value: 'Inspiration',
      },
    },
  ],
};

function fixture() {
  document.body.innerHTML = `
    <header><span data-djedi-node="i18n://sv-se@header/free-shipping.txt">Fri frakt</span>
      <nav aria-label="Huvudmeny"><a href="/kampanjer">Kampanjer</a><button>Inspiration</button><a href="/">Hem</a></nav>
    </header>
    <main><div data-cms-block="intro"><p>Hej <a href="/x">länk</a></p></div><div data-cms-block="tabell"></div></main>
    <div data-djedi-overlay><span data-djedi-node="i18n://sv-se@overlay/egen.txt">Egen</span></div>`;
}

describe('findRegions', () => {
  it('finds labels, editable blocks and main-menu entries, never the overlay itself', () => {
    fixture();
    const regions = findRegions(document, page, menu);
    expect(regions.map((r) => [r.element.tagName, r.field.uri])).toEqual([
      ['SPAN', 'i18n://sv-se@header/free-shipping.txt'],
      ['DIV', 'cms://node@7/blocks/intro/text.html'],
      ['A', 'cms://node@3/navigation/label.txt'],
      ['BUTTON', 'cms://node@4/navigation/label.txt'],
    ]);
  });
});

describe('labelName (issue 22: names, not node URIs, in the editor titles)', () => {
  it('names a label by the text it shows, shortened when long', () => {
    fixture();
    const [label] = findRegions(document, page, menu);
    expect(label?.field.label).toBe('Etikett ”Fri frakt”');
    expect(labelName('  Fri   frakt\n för order ')).toBe('Etikett ”Fri frakt för order”');
    expect(labelName('x'.repeat(60))).toBe(`Etikett ”${'x'.repeat(39)}…”`);
    expect(labelName('')).toBe('Etikett');
  });
});

describe('markRegions and unmarkRegions', () => {
  it('makes every region reachable by Tab and described, then leaves the page as it was', () => {
    fixture();
    const regions = findRegions(document, page, menu);
    markRegions(regions, 'hint');
    const block = document.querySelector<HTMLElement>('[data-cms-block="intro"]');
    const link = document.querySelector<HTMLElement>('a[href="/kampanjer"]');
    expect(block?.getAttribute('tabindex')).toBe('0');
    expect(block?.getAttribute('aria-describedby')).toBe('hint');
    expect(link?.hasAttribute('tabindex')).toBe(false);
    expect(link?.getAttribute(EDITABLE_ATTRIBUTE)).toBe('cms://node@3/navigation/label.txt');

    unmarkRegions(document, 'hint');
    expect(document.querySelectorAll(`[${EDITABLE_ATTRIBUTE}]`)).toHaveLength(0);
    expect(block?.hasAttribute('tabindex')).toBe(false);
    expect(block?.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('menu and footer labels that carry their node', () => {
  it('are regions by their data-djedi-node, once each, named as menu texts', () => {
    document.body.innerHTML = `
      <nav aria-label="Huvudmeny"><a href="/kampanjer" data-djedi-node="cms://node@3/navigation/label.txt"> Kampanjer </a></nav>
      <footer><a href="/kundservice" data-djedi-node="cms://node@40/navigation/label.txt">Kundservice</a></footer>`;
    const regions = findRegions(document, null, menu);
    expect(
      regions.map((r) => [r.element.tagName, r.field.uri, r.field.label, r.field.value]),
    ).toEqual([
      ['A', 'cms://node@3/navigation/label.txt', 'Menytext', 'Kampanjer'],
      ['A', 'cms://node@40/navigation/label.txt', 'Menytext', 'Kundservice'],
    ]);
  });
});

describe('elements that name their field (issue 22: the hero and the footer)', () => {
  it('take the name the page gives them, and an attribute as their value', () => {
    document.body.innerHTML = `
      <h1 data-djedi-node="cms://node@1/title.txt" data-djedi-name="Startsidans rubrik">Välkommen</h1>
      <img src="/media/a.jpg" alt="" data-djedi-node="cms://node@1/hero/image.txt" data-djedi-attr="src" data-djedi-name="Startsidans bild">`;
    const regions = findRegions(document, null, null);
    expect(regions.map((r) => [r.field.label, r.field.value])).toEqual([
      ['Startsidans rubrik', 'Välkommen'],
      ['Startsidans bild', '/media/a.jpg'],
    ]);
    expect(regions.every((r) => !r.field.label.includes('://'))).toBe(true);
  });
});

describe('applyDrafts (the preview, ADR 047)', () => {
  it('shows each draft where its node is shown and names the drafts shown nowhere', () => {
    fixture();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img src="/media/a.jpg" alt="" data-djedi-node="cms://node@1/hero/image.txt" data-djedi-attr="src">',
    );
    const regions = findRegions(document, page, menu);
    const unseen = applyDrafts(
      document,
      [
        { uri: 'i18n://sv-se@header/free-shipping.txt', ext: 'txt', value: '<b>Fri</b> frakt' },
        { uri: 'cms://node@7/blocks/intro/text.html', ext: 'html', value: '<p>Nytt</p>' },
        { uri: 'cms://node@1/hero/image.txt', ext: 'txt', value: '/media/b.jpg' },
        { uri: 'cms://node@99/title.txt', ext: 'txt', value: 'Annan sida' },
      ],
      regions,
    );
    expect(unseen.map((d) => d.uri)).toEqual(['cms://node@99/title.txt']);
    const label = document.querySelector('[data-djedi-node$="free-shipping.txt"]');
    // Plain text stays text: no markup from a txt draft.
    expect(label?.textContent).toBe('<b>Fri</b> frakt');
    expect(label?.getAttribute(DRAFT_ATTRIBUTE)).toBe('txt');
    expect(document.querySelector('[data-cms-block="intro"]')?.innerHTML).toBe('<p>Nytt</p>');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/media/b.jpg');
  });
});
