import { Link } from 'react-router';
import type { CmsNode } from '@bygg/contracts/cms';

type Block = CmsNode['values']['content']['blocks'][number];

/** 'rich_text', 'richText' and 'rich-text' all name the same block. */
function blockKind(type: string): string {
  return type.toLowerCase().replace(/[^a-z]/g, '');
}

function stringProp(props: Record<string, unknown>, name: string): string | null {
  const value = props[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The path a child page is reached at: its navigation link, else its uri's path. */
export function pageHref(node: CmsNode): string {
  const fromNavigation = node.values.content.navigation?.href;
  if (fromNavigation) return fromNavigation;
  const path = node.uri.replace(/^[a-z-]+:/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Rich text arrives as text with blank-line paragraphs. Editors' markup is not trusted with
 * raw HTML: tags are dropped and the text is rendered as paragraphs.
 */
function paragraphs(text: string): string[] {
  return text
    .replace(/<\/(p|h[1-6]|li|div)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function alignClass(props: Record<string, unknown>): string {
  const align = stringProp(props, 'align');
  return align === 'center' || align === 'right' ? ` cms-block--${align}` : '';
}

function RichText({ block }: { block: Block }) {
  const text = stringProp(block.props, 'text');
  if (!text) return null;
  return (
    <div className={`cms-block cms-rich-text${alignClass(block.props)}`}>
      {paragraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

function ButtonLink({ block }: { block: Block }) {
  const label = stringProp(block.props, 'label');
  const href = stringProp(block.props, 'href');
  // Spec §5: a button link needs a label.
  if (!label || !href) return null;
  return (
    <div className={`cms-block cms-button-link${alignClass(block.props)}`}>
      <Link className="button button--primary" to={href}>
        {label}
      </Link>
    </div>
  );
}

function Subpages({ block, pages }: { block: Block; pages: CmsNode[] }) {
  if (pages.length === 0) return null;
  const layout = stringProp(block.props, 'layout') === 'list' ? 'list' : 'grid';
  const variant = stringProp(block.props, 'variant') === 'button' ? 'button' : 'card';
  return (
    <ul className={`cms-block cms-subpages cms-subpages--${layout} cms-subpages--${variant}`}>
      {pages.map((page) => (
        <li key={page.uri}>
          <Link className="cms-subpages__link" to={pageHref(page)}>
            <span className="cms-subpages__title">{page.values.content.title}</span>
            {variant === 'card' && page.values.content.description ? (
              <span className="cms-subpages__description">{page.values.content.description}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

type Thumbnail = { url: string; width: number };

function thumbnails(props: Record<string, unknown>): Thumbnail[] {
  const value = props.thumbnails;
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Thumbnail =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Thumbnail).url === 'string' &&
      typeof (item as Thumbnail).width === 'number',
  );
}

/** Spec §5: an image block needs a url; its alt text falls back to 'Bildbeskrivning saknas'. */
function SingleImage({ block }: { block: Block }) {
  const url = stringProp(block.props, 'url');
  if (!url) return null;
  const caption = stringProp(block.props, 'caption');
  const sources = thumbnails(block.props);
  const href = stringProp(block.props, 'href');
  const img = (
    <img
      src={url}
      srcSet={
        sources.length > 0 ? sources.map((t) => `${t.url} ${t.width}w`).join(', ') : undefined
      }
      sizes="(min-width: 1450px) 960px, 100vw"
      alt={stringProp(block.props, 'alt') ?? 'Bildbeskrivning saknas'}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <figure className="cms-block cms-image">
      {href ? <Link to={href}>{img}</Link> : img}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/**
 * The page body. The block types of this first release are rich text, button link, single
 * image and subpage list; other types are skipped until their issue adds them.
 */
export function CmsBlocks({ node }: { node: CmsNode }) {
  return (
    <>
      {node.values.content.blocks.map((block) => {
        switch (blockKind(block.type)) {
          case 'richtext':
            return <RichText key={block.id} block={block} />;
          case 'buttonlink':
            return <ButtonLink key={block.id} block={block} />;
          case 'image':
          case 'singleimage':
            return <SingleImage key={block.id} block={block} />;
          case 'subpages':
          case 'subpagelist':
            return <Subpages key={block.id} block={block} pages={node.values.content.children} />;
          default:
            return null;
        }
      })}
    </>
  );
}
