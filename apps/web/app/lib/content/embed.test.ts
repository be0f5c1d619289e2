import { describe, expect, it } from 'vitest';
import { fetchEmbed, readEmbedConfig } from './embed.ts';

const reply =
  (status: number, body = '') =>
  async () =>
    new Response(status === 204 ? null : body, { status });

describe('fetchEmbed', () => {
  it('means no overlay for 204 and 403', async () => {
    await expect(fetchEmbed(reply(204))).resolves.toBeNull();
    await expect(fetchEmbed(reply(403, '{}'))).resolves.toBeNull();
  });

  it('answers the markup for other statuses from 200 to 399', async () => {
    await expect(fetchEmbed(reply(200, '<div>x</div>'))).resolves.toBe('<div>x</div>');
  });

  it('fails with the status otherwise, and with -1 without a response', async () => {
    await expect(fetchEmbed(reply(500, 'fel'))).rejects.toMatchObject({ status: 500 });
    await expect(
      fetchEmbed(async () => {
        throw new TypeError('offline');
      }),
    ).rejects.toMatchObject({ status: -1, message: 'fetch error' });
  });
});

describe('readEmbedConfig', () => {
  it('reads the configuration from inserted markup, and null from anything else', () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<div hidden><script type="application/json" id="djedi-embed-config">{"editor":{"name":"Johan Berg","username":"j"},"api":"/djedi/cms/","extensions":["txt"]}</script></div>';
    expect(readEmbedConfig(container)?.editor.name).toBe('Johan Berg');
    container.innerHTML = '<p>Ingen konfiguration</p>';
    expect(readEmbedConfig(container)).toBeNull();
  });
});
