import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CmsNode } from '@bygg/contracts/cms';
import { encodeBase64Utf8 } from '@bygg/domain/cms-blocks';
import type { CmsBlockData, CmsProduct } from './block-data.ts';
import { EMPTY_BLOCK_DATA } from './block-data.ts';
import { CmsBlocks } from './cms-blocks.tsx';

type Raw = { type: string; id: string; props: Record<string, unknown> };

function renderBlocks(blocks: Raw[], data: CmsBlockData = EMPTY_BLOCK_DATA) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <CmsBlocks blocks={blocks} data={data} /> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const product: CmsProduct = {
  title: 'Trall 28x120 tryckimpregnerad',
  url: '/produkt/trall-28x120',
  brand: 'Stora Skogen',
  image: { src: '/media/p1.webp', srcSet: undefined, alt: 'Trall' },
  price: 1295,
  reducedFrom: 1495,
  unit: 'st',
};

function child(path: string, title: string, description: string | null = null): CmsNode {
  return {
    uri: `pages:${path}`,
    type: 'page',
    values: {
      content: {
        title,
        description,
        featured_image: null,
        children: [],
        navigation: null,
        navigationLogo: null,
        blocks: [],
      },
    },
  };
}

describe('CmsBlocks', () => {
  it('marks every block for the editor overlay and leaves out (and logs) broken ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = renderBlocks([
      { type: 'rich-text', id: 'a', props: { text: '<p>Hej</p>' } },
      { type: 'button-link', id: 'b', props: { href: '/utan-etikett' } },
      { type: 'marquee', id: 'c', props: {} },
    ]);
    expect(
      [...container.querySelectorAll('[data-cms-block]')].map((el) =>
        el.getAttribute('data-cms-block'),
      ),
    ).toEqual(['a']);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('b of type button-link is not drawn: needs a label'),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown block type'));
    warn.mockRestore();
  });

  it('renders sanitised rich text as markup and a button link with its label', () => {
    renderBlocks([
      { type: 'rich-text', id: 'a', props: { text: '<p>Första <strong>stycket</strong></p>' } },
      { type: 'button-link', id: 'b', props: { label: 'Se hela sortimentet', href: '/produkter' } },
    ]);
    expect(screen.getByText('stycket').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Se hela sortimentet' }).getAttribute('href')).toBe(
      '/produkter',
    );
  });

  it("gives an image without alt the alt 'Bildbeskrivning saknas' and skips one without url", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderBlocks([
      { type: 'image', id: 'd', props: { url: '/media/altan.webp', caption: 'Altan' } },
      { type: 'image', id: 'e', props: { caption: 'Ingen bild' } },
    ]);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Bildbeskrivning saknas',
    ]);
    expect(screen.getByText('Altan').tagName).toBe('FIGCAPTION');
  });

  it('opens accordion items by keyboard-native details and links anchors to blocks on the page', () => {
    renderBlocks([
      {
        type: 'anchor-links',
        id: 'ankare',
        props: {
          links: [
            { target: 'leverans', label: 'Leverans' },
            { target: 'saknas', label: 'Finns inte' },
          ],
        },
      },
      {
        type: 'accordion',
        id: 'leverans',
        props: { items: [{ title: 'Hur lång tid?', content: '<p>2–4 dagar</p>' }] },
      },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Innehåll på sidan' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#leverans']);
    expect(document.getElementById('leverans')?.querySelector('summary')?.textContent).toBe(
      'Hur lång tid?',
    );
  });

  it('draws a table with the layout class of its column count', () => {
    const { container } = renderBlocks([
      {
        type: 'table',
        id: 't',
        props: {
          columns: [{ value: 'Sätt' }, { value: 'Pris', alignment: 'right' }, { value: 'Tid' }],
          rows: [['Bud', '79:-', '2 dagar']],
        },
      },
    ]);
    expect(container.querySelector('.cms-table')?.className).toContain('cms-table--triple');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Sätt',
      'Pris',
      'Tid',
    ]);
    expect(screen.getByRole('region', { name: 'Tabell: Sätt, Pris, Tid' })).toBeTruthy();
  });

  it('lists subpages as cards or buttons', () => {
    const data = {
      ...EMPTY_BLOCK_DATA,
      subpages: [child('/kundservice/leveranser', 'Leveranser', 'Hemleverans')],
    };
    renderBlocks(
      [{ type: 'subpages', id: 's', props: { layout: 'list', variant: 'button' } }],
      data,
    );
    const link = screen.getByRole('link', { name: 'Leveranser' });
    expect(link.getAttribute('href')).toBe('/kundservice/leveranser');
    expect(link.className).toContain('button');
  });

  it('draws articles with their appearance and width, and nested grids and split columns', () => {
    const { container } = renderBlocks([
      {
        type: 'article',
        id: 'art',
        props: {
          appearance: 'dark',
          width: 'wide',
          title: 'Bygg själv',
          blocks: [
            {
              type: 'split-container',
              id: 'split',
              props: {
                columns: [
                  [{ type: 'rich-text', id: 'l', props: { text: 'Vänster' } }],
                  [
                    {
                      type: 'grid',
                      id: 'g',
                      props: {
                        columns: 2,
                        blocks: [{ type: 'rich-text', id: 'r', props: { text: 'Höger' } }],
                      },
                    },
                  ],
                ],
              },
            },
          ],
        },
      },
    ]);
    const article = screen.getByRole('region', { name: 'Bygg själv' });
    expect(article.className).toContain('cms-article--dark');
    expect(article.className).toContain('cms-article--wide');
    expect(article.className).toContain('cms-article--inverted');
    expect(container.querySelector('.cms-grid--2 [data-cms-block="r"]')?.textContent).toBe('Höger');
  });

  it('shows product links, custom products and recommendations with Swedish prices', () => {
    const data = {
      ...EMPTY_BLOCK_DATA,
      products: { 'trall-28x120': product },
      recommendations: { popular: [product] },
    };
    renderBlocks(
      [
        { type: 'product-link', id: 'p', props: { slug: 'trall-28x120' } },
        { type: 'product-link', id: 'q', props: { slug: 'finns-inte' } },
        {
          type: 'custom-product',
          id: 'c',
          props: { name: 'Altanpaket', price: 14995, brand: 'Timmerkedjan' },
        },
        { type: 'recommendations', id: 'r', props: { key: 'popular', title: 'Populärt' } },
      ],
      data,
    );
    expect(screen.getAllByRole('link', { name: /Trall 28x120/ })).toHaveLength(2);
    expect(screen.getByText(/^14.995:-$/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Populärt' })).toBeTruthy();
    // Four or fewer products: no arrows (spec §9).
    expect(screen.queryByRole('button', { name: 'Nästa produkter' })).toBeNull();
  });

  it('loads a video, a form and a publication only when asked to', () => {
    const { container } = renderBlocks([
      {
        type: 'video',
        id: 'v',
        props: { url: 'https://youtu.be/aqz-KE-bpKQ', title: 'Så lägger du trall' },
      },
      { type: 'form-embed', id: 'f', props: { id: 'kontakt-2026' } },
      { type: 'publication', id: 'p', props: { id: 'katalog-2026' } },
    ]);
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Spela upp filmen' }));
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(frame?.getAttribute('title')).toBe('Så lägger du trall');
    expect(screen.getByRole('button', { name: 'Visa formuläret' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Visa publikationen' })).toBeTruthy();
  });

  it('inserts the (API-sanitised) embedded HTML and draws brand tiles and page teasers', () => {
    const data = {
      ...EMPTY_BLOCK_DATA,
      pages: {
        '/xl-guiden': {
          title: 'XL-guiden',
          description: 'Guider',
          href: '/xl-guiden',
          image: null,
        },
      },
    };
    renderBlocks(
      [
        {
          type: 'iframe-embed',
          id: 'e',
          props: {
            base64EncodedEmbed: encodeBase64Utf8('<p>Öppet <em>vardagar</em></p>'),
            title: 'Öppettider',
          },
        },
        { type: 'brand', id: 'b', props: { name: 'Beckers', href: '/produkter?brand=beckers' } },
        { type: 'page', id: 'pg', props: { path: '/xl-guiden' } },
      ],
      data,
    );
    expect(screen.getByRole('region', { name: 'Öppettider' }).textContent).toBe('Öppet vardagar');
    expect(screen.getByRole('link', { name: 'Beckers' }).getAttribute('href')).toBe(
      '/produkter?brand=beckers',
    );
    expect(screen.getByRole('link', { name: /XL-guiden/ }).getAttribute('href')).toBe('/xl-guiden');
  });

  it('opens the image grid in the lightbox and steps with the arrow keys', async () => {
    renderBlocks([
      {
        type: 'image-grid',
        id: 'ig',
        props: {
          images: [
            { url: '/media/a.webp', alt: 'Altan' },
            { url: '/media/b.webp', alt: 'Trall' },
          ],
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Förstora bild 1 av 2: Altan' }));
    // The lightbox's code is fetched on the first opening (issue 3).
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('Altan');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('alt')).toBe('Trall');
  });
});
