import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CmsNode } from '@bygg/contracts/cms';
import { CmsBlocks } from './cms-blocks.tsx';

function page(blocks: CmsNode['values']['content']['blocks'], children: CmsNode[] = []): CmsNode {
  return {
    uri: 'pages:/',
    type: 'page',
    values: {
      content: {
        title: 'Start',
        description: null,
        featured_image: null,
        children,
        navigation: null,
        navigationLogo: null,
        blocks,
      },
    },
  };
}

function renderBlocks(node: CmsNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <CmsBlocks node={node} /> }]);
  return render(<Stub initialEntries={['/']} />);
}

describe('CmsBlocks', () => {
  it('renders rich text as paragraphs and drops markup instead of injecting it', () => {
    const { container } = renderBlocks(
      page([
        {
          type: 'rich-text',
          id: 'a',
          props: { text: '<p>Första <script>x()</script>stycket</p><p>Andra</p>' },
        },
      ]),
    );
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Första x()stycket',
      'Andra',
    ]);
    expect(container.querySelector('script')).toBeNull();
  });

  it('draws a button link only when it has a label', () => {
    renderBlocks(
      page([
        {
          type: 'button-link',
          id: 'b',
          props: { label: 'Se hela sortimentet', href: '/produkter' },
        },
        { type: 'button-link', id: 'c', props: { href: '/utan-etikett' } },
      ]),
    );
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/produkter']);
  });

  it("gives an image without alt text the alt 'Bildbeskrivning saknas' and skips one without url", () => {
    renderBlocks(
      page([
        { type: 'image', id: 'd', props: { url: '/media/altan.webp', caption: 'Altan' } },
        { type: 'image', id: 'e', props: { caption: 'Ingen bild' } },
      ]),
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Bildbeskrivning saknas',
    ]);
  });

  it("lists the page's subpages with their navigation links", () => {
    const child = page([]);
    child.uri = 'pages:/kundservice/leveranser';
    child.values.content.title = 'Leveranser';
    renderBlocks(page([{ type: 'subpages', id: 'f', props: { layout: 'grid' } }], [child]));
    expect(screen.getByRole('link', { name: 'Leveranser' }).getAttribute('href')).toBe(
      '/kundservice/leveranser',
    );
  });

  it('skips block types this release does not draw', () => {
    const { container } = renderBlocks(page([{ type: 'video', id: 'g', props: {} }]));
    expect(container.textContent).toBe('');
  });
});
