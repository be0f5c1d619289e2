import { Link } from 'react-router';

/** The checkout or receipt page could not be read from the API (503). */
export function CheckoutUnavailable() {
  return (
    <section className="checkout--empty" aria-labelledby="checkout-unavailable-heading">
      <h1 id="checkout-unavailable-heading">Kassan är inte tillgänglig just nu</h1>
      <p>
        Vi kunde tyvärr inte hämta din varukorg. Försök igen om en liten stund – det du har lagt i
        varukorgen finns kvar.
      </p>
      <Link className="button button--primary" to="/" reloadDocument>
        Till startsidan
      </Link>
    </section>
  );
}
