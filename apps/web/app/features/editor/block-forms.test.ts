import { describe, expect, it } from 'vitest';
import { CMS_BLOCK_TYPES, decodeBase64Utf8, parseBlock } from '@bygg/domain/cms-blocks';
import {
  BLOCK_TYPE_OPTIONS,
  blockSummary,
  blockTypeName,
  fieldValues,
  formFor,
  propsFromValues,
} from './block-forms.ts';

describe('block forms', () => {
  it('has a Swedish-named form for every block type of the spec', () => {
    expect(BLOCK_TYPE_OPTIONS.map((o) => o.type).sort()).toEqual([...CMS_BLOCK_TYPES].sort());
    for (const type of CMS_BLOCK_TYPES) {
      expect(blockTypeName(type)).not.toBe(type);
      expect(formFor(type).length, type).toBeGreaterThan(0);
    }
    expect(blockTypeName('rich_text')).toBe('Textblock');
  });

  it('builds props the block rules accept from filled-in forms', () => {
    const filled: Record<string, Record<string, string | boolean>> = {
      'button-link': { label: 'Till kundservice', href: '/kundservice', align: 'center' },
      accordion: { items: 'Fråga ett | Svar ett\nFråga två | Svar | med streck' },
      table: { columns: 'Vara | left\nPris | right', rows: 'Trall | 25\nRegel | 30' },
      'split-container': { left: 'Vänster text', right: '', hasBackground: true, align: 'top' },
      'iframe-embed': { base64EncodedEmbed: '<p>Hej å</p>', title: '' },
      article: { title: 'Rubrik', blocks: 'Första stycket\nAndra <stycket>', appearance: 'dark' },
      'custom-product': { name: 'Skruv', price: '12,50' },
    };
    for (const [type, values] of Object.entries(filled)) {
      const props = propsFromValues(type, { ...fieldValues(type), ...values }, null);
      const parsed = parseBlock({ type, id: 'x', props });
      expect(parsed.ok, `${type}: ${JSON.stringify(parsed)}`).toBe(true);
    }
    const accordion = propsFromValues('accordion', { items: 'A | B | C' }, null);
    expect((accordion.items as Array<{ content: string }>)[0]?.content).toBe('B | C');
    const embed = propsFromValues('iframe-embed', { base64EncodedEmbed: '<p>Hej å</p>' }, null);
    expect(decodeBase64Utf8(String(embed.base64EncodedEmbed))).toBe('<p>Hej å</p>');
    const article = propsFromValues('article', { blocks: 'Andra <stycket>' }, null);
    expect((article.blocks as Array<{ props: { text: string } }>)[0]?.props.text).toBe(
      '<p>Andra &lt;stycket&gt;</p>',
    );
    expect(propsFromValues('custom-product', { name: 'Skruv', price: '12,50' }, null).price).toBe(
      12.5,
    );
  });

  it('leaves an empty required field out, so the API names it', () => {
    const props = propsFromValues('button-link', { label: '', href: '/x' }, null);
    expect(props).not.toHaveProperty('label');
    const parsed = parseBlock({ type: 'button-link', id: 'x', props });
    expect(parsed.ok ? null : parsed.reason).toBe('needs a label');
  });

  it('keeps what the form cannot show when a block is saved unchanged or partly changed', () => {
    const block = {
      id: 'start-campaigns',
      props: {
        title: 'Kampanjer',
        appearance: 'orange',
        width: 'wide',
        blocks: [
          {
            type: 'rich-text',
            id: 'a',
            props: { text: '<p><strong>Just nu</strong> billigt</p>' },
          },
          {
            type: 'button-link',
            id: 'b',
            props: { label: 'Till kampanjerna', href: '/kampanjer' },
          },
        ],
        extra: 'behålls',
      },
    };
    const values = fieldValues('article', block.props);
    expect(values.blocks).toBe('Just nu billigt\nTill kampanjerna');
    const saved = propsFromValues('article', { ...values, title: 'Nya kampanjer' }, block);
    expect(saved.blocks).toBe(block.props.blocks);
    expect(saved.extra).toBe('behålls');
    expect(saved.title).toBe('Nya kampanjer');
    expect(saved.width).toBe('wide');
  });

  it('summarises a block by its text', () => {
    expect(blockSummary({ type: 'rich-text', props: { text: '<p>Hej <b>där</b></p>' } })).toBe(
      'Hej där',
    );
    expect(blockSummary({ type: 'subpages', props: { layout: 'grid' } })).toBe('');
  });
});
