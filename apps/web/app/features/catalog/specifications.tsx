import type { ProductDetail } from '@bygg/contracts/products';

/**
 * 'Specifikationer': the product's structured attributes (dimensions, material, weight,
 * certifications …) as a two-column table, each row headed by its label (issue 22).
 */
export function Specifications({ product }: { product: ProductDetail }) {
  if (product.specifications.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="specifications-heading">
      <h2 id="specifications-heading">Specifikationer</h2>
      <table className="spec-table">
        <caption className="visually-hidden">Specifikationer för {product.title}</caption>
        <tbody>
          {product.specifications.map((row) => (
            <tr key={row.key} data-key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
