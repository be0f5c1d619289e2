import { Link } from 'react-router';
import type { CmsBlockModel } from '@bygg/domain/cms-blocks';
import { reachableAnchorLinks } from '@bygg/domain/cms-blocks';
import type { CmsBlockData } from './block-data.ts';
import { pageHref } from './block-data.ts';

type Of<T extends CmsBlockModel['type']> = Extract<CmsBlockModel, { type: T }>;

/** Site paths go through the router; everything else is an ordinary link. */
export function SmartLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link className={className} to={href}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a
      className={className}
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external ? <span className="visually-hidden"> (öppnas i ny flik)</span> : null}
    </a>
  );
}

/** Rich text arrives sanitised by the API (an allow-list of tags), so it is inserted as is. */
export function RichTextBlock({ block }: { block: Of<'rich-text'> }) {
  return (
    <div
      className={`cms-rich-text cms-align--${block.align}`}
      dangerouslySetInnerHTML={{ __html: block.text }}
    />
  );
}

export function ButtonLinkBlock({ block }: { block: Of<'button-link'> }) {
  return (
    <div className={`cms-button-link cms-align--${block.align}`}>
      <SmartLink className="button button--primary" href={block.href}>
        {block.label}
      </SmartLink>
    </div>
  );
}

/** Native details/summary: keyboard and screen-reader support without script. */
export function AccordionBlock({ block }: { block: Of<'accordion'> }) {
  return (
    <div className="cms-accordion">
      {block.items.map((item) => (
        <details key={item.id} id={item.id} className="cms-accordion__item">
          <summary className="cms-accordion__title">{item.title}</summary>
          <div
            className="cms-accordion__content cms-rich-text"
            dangerouslySetInnerHTML={{ __html: item.content }}
          />
        </details>
      ))}
    </div>
  );
}

export function AnchorLinksBlock({
  block,
  pageBlockIds,
}: {
  block: Of<'anchor-links'>;
  pageBlockIds: ReadonlySet<string>;
}) {
  const links = reachableAnchorLinks(block, pageBlockIds);
  if (links.length === 0) return null;
  return (
    <nav className="cms-anchor-links" aria-label="Innehåll på sidan">
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.target}`}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function TableBlock({ block }: { block: Of<'table'> }) {
  const label = block.columns.map((column) => column.value).join(', ');
  return (
    // A wide table scrolls sideways on a phone; the region is focusable so keyboards can too.
    <div
      className={`cms-table cms-table--${block.layout}`}
      role="region"
      aria-label={`Tabell: ${label}`}
      tabIndex={0}
    >
      <table>
        <thead>
          <tr>
            {block.columns.map((column, index) => (
              <th key={index} scope="col" className={`cms-align--${column.alignment}`}>
                {column.value}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td
                  key={index}
                  className={`cms-align--${block.columns[index]?.alignment ?? 'left'}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SubpagesBlock({ block, data }: { block: Of<'subpages'>; data: CmsBlockData }) {
  if (data.subpages.length === 0) return null;
  return (
    <ul className={`cms-subpages cms-subpages--${block.layout} cms-subpages--${block.variant}`}>
      {data.subpages.map((page) => (
        <li key={page.uri}>
          <Link
            className={
              block.variant === 'button'
                ? 'cms-subpages__link button button--secondary'
                : 'cms-subpages__link'
            }
            to={pageHref(page)}
          >
            <span className="cms-subpages__title">{page.values.content.title}</span>
            {block.variant === 'card' && page.values.content.description ? (
              <span className="cms-subpages__description">{page.values.content.description}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A teaser for another CMS page; left out when that page does not exist (any more). */
export function PageBlock({ block, data }: { block: Of<'page'>; data: CmsBlockData }) {
  const page = data.pages[block.path];
  if (!page) return null;
  return (
    <Link className="cms-page-teaser" to={page.href}>
      {page.image ? (
        <img className="cms-page-teaser__image" src={page.image.url} alt="" loading="lazy" />
      ) : null}
      <span className="cms-page-teaser__title">{page.title}</span>
      {page.description ? (
        <span className="cms-page-teaser__description">{page.description}</span>
      ) : null}
      <span className="cms-page-teaser__more" aria-hidden="true">
        Läs mer
      </span>
    </Link>
  );
}
