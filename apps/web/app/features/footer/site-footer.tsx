import { Link } from 'react-router';
import type { Footer } from '@bygg/contracts/cms';
import './footer.css';

function isExternal(href: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(href);
}

/** `node`: the label's CMS node, as data-djedi-node for the editor overlay. */
function FooterLink({ href, label, node }: { href: string; label: string; node?: string }) {
  return isExternal(href) ? (
    <a href={href} data-djedi-node={node}>
      {label}
    </a>
  ) : (
    <Link to={href} data-djedi-node={node}>
      {label}
    </Link>
  );
}

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Contact text with its e-mail addresses as links (breakable before the '@'). */
function ContactLine({ text }: { text: string }) {
  return (
    <p>
      {text.split(EMAIL).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={`mailto:${part}`}>
            {part.split('@')[0]}
            <wbr />@{part.split('@')[1]}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** The footer from the CMS: link columns, contact text and the legal line. */
export function SiteFooter({
  footer,
  organisationName,
}: {
  footer: Footer | null;
  organisationName: string;
}) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {footer ? (
          <>
            <div className="site-footer__columns">
              {footer.columns.map((column) => (
                <section key={column.title} className="site-footer__column">
                  <h2
                    className="site-footer__heading"
                    data-djedi-node={column.node}
                    data-djedi-name={column.node ? `Sidfot: rubrik ”${column.title}”` : undefined}
                  >
                    {column.title}
                  </h2>
                  <ul className="site-footer__links">
                    {column.links.map((link) => (
                      <li key={`${link.href}|${link.label}`}>
                        <FooterLink href={link.href} label={link.label} node={link.node} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              <section className="site-footer__column site-footer__contact">
                <h2 className="site-footer__heading">Kontakt</h2>
                <div
                  className="site-footer__contact-text"
                  data-djedi-node={footer.contact_node}
                  data-djedi-name={footer.contact_node ? 'Sidfot: kontakt' : undefined}
                >
                  {footer.contact.split(/\n+/).map((line) => (
                    <ContactLine key={line} text={line} />
                  ))}
                </div>
              </section>
            </div>
            <p
              className="site-footer__legal"
              data-djedi-node={footer.legal_node}
              data-djedi-name={footer.legal_node ? 'Sidfot: juridisk rad' : undefined}
            >
              {footer.legal}
            </p>
          </>
        ) : (
          <p className="site-footer__legal">{organisationName}</p>
        )}
      </div>
    </footer>
  );
}

/** Shown while the deferred footer streams in; same landmark, reserved height. */
export function SiteFooterFallback() {
  return (
    <footer className="site-footer site-footer--loading" aria-busy="true">
      <div className="container site-footer__inner">
        <p className="visually-hidden">Sidfoten laddas</p>
      </div>
    </footer>
  );
}
