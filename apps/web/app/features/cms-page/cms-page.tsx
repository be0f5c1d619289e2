import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { CmsBlocks } from '~/components/cms-blocks/cms-blocks.tsx';
import type { CmsPageData, Crumb, SectionTree } from './cms-page.server.ts';
import './cms-page.css';

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="cms-breadcrumbs" aria-label="Brödsmulor">
      <ol>
        {crumbs.map((item, index) => (
          <li key={item.href}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <Link to={item.href}>{item.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function TreeLevel({ nodes }: { nodes: SectionTree[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.href}>
          <NavLink to={node.href} end>
            {node.name}
          </NavLink>
          {node.children.length > 0 ? <TreeLevel nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The side tree of the page's section (spec §2: breadcrumb and side category tree). */
function SectionNav({ section }: { section: SectionTree }) {
  return (
    <nav className="cms-section-nav" aria-labelledby="cms-section-nav-heading">
      <h2 id="cms-section-nav-heading" className="cms-section-nav__heading">
        <NavLink to={section.href} end>
          {section.name}
        </NavLink>
      </h2>
      <TreeLevel nodes={section.children} />
    </nav>
  );
}

/** A CMS page: breadcrumb, the section's side tree, title, lead and the blocks. */
export function CmsPage({
  page,
  replaceBlocks,
}: {
  page: CmsPageData;
  /** Shown instead of the blocks (the proffs pages for a logged-in trade user, issue 17). */
  replaceBlocks?: ReactNode;
}) {
  return (
    <div className="container cms-page">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <div
        className={
          page.section ? 'cms-page__layout cms-page__layout--with-nav' : 'cms-page__layout'
        }
      >
        {page.section ? (
          <aside className="cms-page__side">
            <SectionNav section={page.section} />
          </aside>
        ) : null}
        <article className="cms-page__main" aria-labelledby="cms-page-title">
          <header className="cms-page__header">
            <h1 id="cms-page-title">{page.title}</h1>
            {page.description ? <p className="cms-page__lead">{page.description}</p> : null}
          </header>
          {replaceBlocks ?? <CmsBlocks blocks={page.blocks} data={page.blockData} />}
        </article>
      </div>
    </div>
  );
}
