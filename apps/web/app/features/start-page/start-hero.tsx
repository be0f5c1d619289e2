import { Link } from 'react-router';
import type { CmsHero, CmsNode } from '@bygg/contracts/cms';
import { ArrowRightIcon } from '~/components/ui/icons/arrow-right-icon.tsx';

type Image = NonNullable<CmsNode['values']['content']['featured_image']>;

function srcSet(image: Image): string | undefined {
  if (image.thumbnails.length === 0) return undefined;
  return image.thumbnails.map((thumb) => `${thumb.url} ${thumb.width}w`).join(', ');
}

/** The editor overlay's hooks on one part of the hero: its node and its name (issue 22). */
function editable(node: string | undefined, name: string) {
  return node ? { 'data-djedi-node': node, 'data-djedi-name': name } : {};
}

/**
 * The start page's lead: the CMS page's title, description, featured image and link. Each
 * part carries its node, so editors open it from the page by name ('Startsidans rubrik').
 */
export function StartHero({
  title,
  description,
  image,
  primaryAction,
  nodes,
}: {
  title: string;
  description: string | null;
  image: Image | null;
  /** The page's link, or a call to action when the page has none. */
  primaryAction: { label: string; href: string } | null;
  /** The parts' node uris; absent without a CMS start page. */
  nodes?: CmsHero['nodes'] | undefined;
}) {
  return (
    <section
      className={image ? 'start-hero start-hero--with-image' : 'start-hero'}
      aria-labelledby="start-hero-heading"
    >
      <div className="start-hero__text">
        <h1
          id="start-hero-heading"
          className="start-hero__title"
          {...editable(nodes?.title, 'Startsidans rubrik')}
        >
          {title}
        </h1>
        {description ? (
          <p className="start-hero__lead" {...editable(nodes?.description, 'Startsidans ingress')}>
            {description}
          </p>
        ) : null}
        {primaryAction ? (
          <div className="start-hero__actions">
            <Link
              className="button button--accent"
              to={primaryAction.href}
              {...editable(nodes?.link_label, 'Startsidans topp: knapptext')}
            >
              {primaryAction.label}
              <ArrowRightIcon size={20} />
            </Link>
          </div>
        ) : null}
      </div>
      {image ? (
        <img
          className="start-hero__image"
          src={image.url}
          srcSet={srcSet(image)}
          sizes="(min-width: 901px) 50vw, 100vw"
          width={image.width}
          height={image.height}
          alt={image.alt ?? 'Bildbeskrivning saknas'}
          fetchPriority="high"
          {...editable(nodes?.image, 'Startsidans topp: bild (adress)')}
          {...(nodes ? { 'data-djedi-attr': 'src' } : {})}
        />
      ) : (
        <HeroIllustration />
      )}
    </section>
  );
}

/** A drawn house-and-timber scene for pages without a featured image. */
function HeroIllustration() {
  return (
    <svg
      className="start-hero__illustration"
      viewBox="0 0 480 320"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="250" width="480" height="70" fill="var(--color-brand-800)" />
      <path d="M70 250V150l110-80 110 80v100Z" fill="var(--color-brand-50)" />
      <path
        d="M50 160 180 62l130 98"
        fill="none"
        stroke="var(--color-accent-500)"
        strokeWidth="18"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="155" y="185" width="50" height="65" rx="4" fill="var(--color-brand-600)" />
      <rect x="95" y="170" width="38" height="34" rx="3" fill="var(--color-brand-100)" />
      <rect x="228" y="170" width="38" height="34" rx="3" fill="var(--color-brand-100)" />
      <g fill="var(--color-accent-100)" stroke="var(--color-accent-600)" strokeWidth="3">
        <rect x="318" y="222" width="140" height="14" rx="3" />
        <rect x="328" y="208" width="120" height="14" rx="3" />
        <rect x="338" y="194" width="100" height="14" rx="3" />
        <rect x="318" y="236" width="140" height="14" rx="3" />
      </g>
      <circle cx="410" cy="70" r="30" fill="var(--color-accent-500)" opacity="0.9" />
    </svg>
  );
}
