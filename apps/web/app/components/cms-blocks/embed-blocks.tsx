import { useState } from 'react';
import type { CmsBlockModel } from '@bygg/domain/cms-blocks';

type Of<T extends CmsBlockModel['type']> = Extract<CmsBlockModel, { type: T }>;

/**
 * The external services behind the form and publication blocks: the block carries only the
 * service's identifier (spec §3), the address is built here.
 */
export const FORM_SERVICE = {
  name: 'Microsoft Forms',
  url: (id: string) => `https://forms.office.com/r/${encodeURIComponent(id)}?embed=true`,
};
export const PUBLICATION_SERVICE = {
  name: 'Issuu',
  url: (id: string) => `https://e.issuu.com/embed.html?d=${encodeURIComponent(id)}`,
};

/**
 * Content from another company's service is loaded only when the visitor asks for it: the
 * service may set its own cookies, and nothing is fetched from it before the click.
 */
function ExternalFrame({
  service,
  title,
  src,
  aspect,
}: {
  service: string;
  title: string;
  src: string;
  aspect: 'video' | 'document' | 'form';
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`cms-external cms-external--${aspect}`}>
      {open ? (
        <iframe
          className="cms-external__frame"
          src={src}
          title={title}
          loading="lazy"
          allow={
            aspect === 'video'
              ? 'autoplay; encrypted-media; picture-in-picture; fullscreen'
              : undefined
          }
          allowFullScreen={aspect !== 'form'}
        />
      ) : (
        <div className="cms-external__placeholder">
          <p className="cms-external__title">{title}</p>
          <p className="cms-external__note">
            Innehållet visas från {service}. När du öppnar det kan {service} spara kakor i din
            webbläsare.
          </p>
          <div className="cms-external__actions">
            <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
              {aspect === 'video'
                ? 'Spela upp filmen'
                : aspect === 'form'
                  ? 'Visa formuläret'
                  : 'Visa publikationen'}
            </button>
            <a className="cms-external__link" href={src} target="_blank" rel="noopener noreferrer">
              Öppna hos {service}
              <span className="visually-hidden"> (öppnas i ny flik)</span>
            </a>
          </div>
        </div>
      )}
    </div>
  );
}

export function VideoBlock({ block }: { block: Of<'video'> }) {
  const { source } = block;
  const service = source.url.includes('vimeo') ? 'Vimeo' : 'YouTube';
  return (
    <figure className="cms-video">
      {source.kind === 'file' ? (
        <video className="cms-video__player" controls preload="metadata" aria-label={block.title}>
          <source src={source.url} />
        </video>
      ) : (
        <ExternalFrame service={service} title={block.title} src={source.url} aspect="video" />
      )}
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}

export function FormEmbedBlock({ block }: { block: Of<'form-embed'> }) {
  return (
    <ExternalFrame
      service={FORM_SERVICE.name}
      title={block.title}
      src={FORM_SERVICE.url(block.formId)}
      aspect="form"
    />
  );
}

export function PublicationBlock({ block }: { block: Of<'publication'> }) {
  return (
    <ExternalFrame
      service={PUBLICATION_SERVICE.name}
      title={block.title}
      src={PUBLICATION_SERVICE.url(block.publicationId)}
      aspect="document"
    />
  );
}

/**
 * Embedded HTML: the API sanitised it to an allow-list (iframes only from configured hosts),
 * so it is inserted as is.
 */
export function IframeEmbedBlock({ block }: { block: Of<'iframe-embed'> }) {
  return (
    <section className="cms-embed" aria-label={block.title}>
      <div className="cms-embed__content" dangerouslySetInnerHTML={{ __html: block.html }} />
    </section>
  );
}
