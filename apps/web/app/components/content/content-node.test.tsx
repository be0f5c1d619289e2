import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNodes } from '~/lib/content/browser-nodes.ts';
import { ContentProvider, Node } from './content-node.tsx';

function stubFetch(handler: (body: Record<string, string | null>) => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    handler(JSON.parse(String(init?.body)) as Record<string, string | null>),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('<Node>', () => {
  it('shows the server-loaded value at once, without a fetch', () => {
    const fetch = stubFetch(() => new Response('{}'));
    render(
      <ContentProvider values={{ 'test/forladdad.txt': 'Från servern' }}>
        <Node uri="test/forladdad.txt" defaultValue="Standard" />
      </ContentProvider>,
    );
    expect(screen.getByText('Från servern').getAttribute('data-djedi-node')).toBe(
      'test/forladdad.txt',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Loading…' and then the fetched value", async () => {
    stubFetch((body) =>
      Response.json(Object.fromEntries(Object.keys(body).map((k) => [k, 'Hämtad']))),
    );
    render(<Node uri="test/hamtas.txt" defaultValue="Standard" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hämtad')).toBeTruthy();
  });

  it("shows 'Failed to fetch content' with the status of a failed reply", async () => {
    stubFetch(() => new Response('Serverfel', { status: 502 }));
    render(<Node uri="test/trasig.txt" />);
    expect(await screen.findByText('Failed to fetch content 502')).toBeTruthy();
  });

  it("shows 'Failed to fetch content -1' when no response arrives", async () => {
    stubFetch(() => {
      throw new TypeError('offline');
    });
    render(<Node uri="test/offline.txt" />);
    expect(await screen.findByText('Failed to fetch content -1')).toBeTruthy();
  });

  it('renders markdown safely: formatting yes, raw HTML and javascript: links no', () => {
    const { container } = render(
      <ContentProvider
        values={{
          'test/text.md':
            '# Rubrik\n\n**Fet** <img src=x onerror=alert(1)> [länk](javascript:alert(1))',
        }}
      >
        <Node uri="test/text.md" />
      </ContentProvider>,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Rubrik');
    expect(container.querySelector('strong')?.textContent).toBe('Fet');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows a value the editor publishes at once', async () => {
    render(
      <ContentProvider values={{ 'test/publiceras.txt': 'Gammal' }}>
        <Node uri="test/publiceras.txt" />
      </ContentProvider>,
    );
    browserNodes.publish('test/publiceras.txt', 'Ny text');
    expect(await screen.findByText('Ny text')).toBeTruthy();
  });
});
