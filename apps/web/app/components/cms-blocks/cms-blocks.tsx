import { Component, useMemo } from 'react';
import type { CSSProperties, ErrorInfo, ReactNode } from 'react';
import { anchorId, blockIds, parseBlocks } from '@bygg/domain/cms-blocks';
import type { CmsBlockModel, CmsBlockRejection } from '@bygg/domain/cms-blocks';
import type { CmsBlockData } from './block-data.ts';
import { EMPTY_BLOCK_DATA } from './block-data.ts';
import { FormEmbedBlock, IframeEmbedBlock, PublicationBlock, VideoBlock } from './embed-blocks.tsx';
import { ImageBlock, ImageGridBlock } from './media-blocks.tsx';
import {
  BrandBlock,
  CustomProductBlock,
  ProductLinkBlock,
  RecommendationsBlock,
} from './product-blocks.tsx';
import {
  AccordionBlock,
  AnchorLinksBlock,
  ButtonLinkBlock,
  PageBlock,
  RichTextBlock,
  SubpagesBlock,
  TableBlock,
} from './text-blocks.tsx';
import './cms-blocks.css';

type Ctx = { data: CmsBlockData; ids: ReadonlySet<string> };

/** A block that throws while rendering is left out; the rest of the page stands. */
class BlockBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(
      `CMS block ${this.props.id} could not be drawn and is left out:`,
      error,
      info.componentStack,
    );
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Article({ block, ctx }: { block: Extract<CmsBlockModel, { type: 'article' }>; ctx: Ctx }) {
  const style: CSSProperties = {};
  if (block.minHeight) style.minHeight = `${block.minHeight}px`;
  // A shade over a background picture keeps the (light) text on it readable.
  if (block.backgroundImage) {
    style.backgroundImage = `linear-gradient(rgb(0 0 0 / 55%), rgb(0 0 0 / 55%)), url(${JSON.stringify(block.backgroundImage)})`;
  }
  const headingId = block.title ? `${block.id}-rubrik` : undefined;
  return (
    <section
      className={[
        'cms-article',
        `cms-article--${block.appearance}`,
        `cms-article--${block.width}`,
        block.inverted ? 'cms-article--inverted' : '',
        block.backgroundImage ? 'cms-article--with-image' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={style}
      aria-labelledby={headingId}
    >
      <div className="cms-article__body">
        {block.title ? (
          <h2 id={headingId} className="cms-block-heading">
            {block.title}
          </h2>
        ) : null}
        <BlockList blocks={block.blocks} ctx={ctx} />
      </div>
    </section>
  );
}

function BlockView({ block, ctx }: { block: CmsBlockModel; ctx: Ctx }) {
  switch (block.type) {
    case 'accordion':
      return <AccordionBlock block={block} />;
    case 'anchor-links':
      return <AnchorLinksBlock block={block} pageBlockIds={ctx.ids} />;
    case 'article':
      return <Article block={block} ctx={ctx} />;
    case 'brand':
      return <BrandBlock block={block} />;
    case 'button-link':
      return <ButtonLinkBlock block={block} />;
    case 'grid':
      return (
        <div className={`cms-grid cms-grid--${block.columns}`}>
          <BlockList blocks={block.blocks} ctx={ctx} />
        </div>
      );
    case 'custom-product':
      return <CustomProductBlock block={block} />;
    case 'iframe-embed':
      return <IframeEmbedBlock block={block} />;
    case 'image':
      return <ImageBlock block={block} />;
    case 'image-grid':
      return <ImageGridBlock block={block} />;
    case 'form-embed':
      return <FormEmbedBlock block={block} />;
    case 'page':
      return <PageBlock block={block} data={ctx.data} />;
    case 'product-link':
      return <ProductLinkBlock block={block} data={ctx.data} />;
    case 'publication':
      return <PublicationBlock block={block} />;
    case 'recommendations':
      return <RecommendationsBlock block={block} data={ctx.data} />;
    case 'rich-text':
      return <RichTextBlock block={block} />;
    case 'split-container':
      return (
        <div
          className={`cms-split cms-split--${block.align}${block.hasBackground ? ' cms-split--background' : ''}`}
        >
          {block.columns.map((column, index) => (
            <div key={index} className="cms-split__column">
              <BlockList blocks={column} ctx={ctx} />
            </div>
          ))}
        </div>
      );
    case 'subpages':
      return <SubpagesBlock block={block} data={ctx.data} />;
    case 'table':
      return <TableBlock block={block} />;
    case 'video':
      return <VideoBlock block={block} />;
  }
}

function BlockList({ blocks, ctx }: { blocks: CmsBlockModel[]; ctx: Ctx }) {
  return (
    <>
      {blocks.map((block) => (
        // data-cms-block lets the editor overlay find the block on the live page.
        <div
          key={block.id}
          className={`cms-block cms-block--${block.type}`}
          data-cms-block={block.id}
          id={anchorId(block.id) ?? undefined}
        >
          <BlockBoundary id={block.id}>
            <BlockView block={block} ctx={ctx} />
          </BlockBoundary>
        </div>
      ))}
    </>
  );
}

function logRejections(rejected: CmsBlockRejection[]) {
  for (const { id, type, reason } of rejected) {
    console.warn(
      `CMS block ${id || '(no id)'} of type ${type || '(none)'} is not drawn: ${reason}`,
    );
  }
}

/**
 * A CMS page body (spec §2 "CMS page blocks"): every block type, each checked against its
 * rules first (packages/domain cms-blocks). A block that breaks them is left out and
 * logged; the page never fails because of one block.
 */
export function CmsBlocks({
  blocks,
  data = EMPTY_BLOCK_DATA,
}: {
  blocks: readonly unknown[];
  data?: CmsBlockData;
}) {
  const parsed = useMemo(() => {
    const result = parseBlocks(blocks);
    logRejections(result.rejected);
    return result;
  }, [blocks]);
  const ctx = useMemo(() => ({ data, ids: blockIds(parsed.blocks) }), [data, parsed.blocks]);
  return (
    <div className="cms-blocks">
      <BlockList blocks={parsed.blocks} ctx={ctx} />
    </div>
  );
}
