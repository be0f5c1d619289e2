import type { Supplier } from '@bygg/contracts/catalog';

/** Under a supplier page's heading: who the supplier is and how to reach them. */
export function SupplierIntro({ supplier }: { supplier: Supplier }) {
  return (
    <section className="supplier-intro" aria-label={`Om ${supplier.name}`}>
      {supplier.description ? <p className="supplier-intro__text">{supplier.description}</p> : null}
      <dl className="supplier-intro__facts">
        <div>
          <dt>Ort</dt>
          <dd>{supplier.city}</dd>
        </div>
        <div>
          <dt>Organisationsnummer</dt>
          <dd>{supplier.org_number}</dd>
        </div>
        <div>
          <dt>Telefon</dt>
          <dd>
            <a href={`tel:${supplier.phone.replace(/[^\d+]/g, '')}`}>{supplier.phone}</a>
          </dd>
        </div>
        <div>
          <dt>E-post</dt>
          <dd>
            <a href={`mailto:${supplier.email}`}>{supplier.email}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
