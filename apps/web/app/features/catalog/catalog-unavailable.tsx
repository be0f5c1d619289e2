/** Spec §2: the technical-problems notice about search and product display. */
export function CatalogUnavailable() {
  return (
    <section className="catalog-unavailable" aria-labelledby="catalog-unavailable-heading">
      <h1 id="catalog-unavailable-heading">Produkterna kunde inte visas</h1>
      <p>
        Vi har just nu tekniska problem med sök och produktvisning. Försök igen om en stund, eller
        kontakta din lokala butik så hjälper de dig.
      </p>
    </section>
  );
}
