import { data } from 'react-router';
import { OrderParamsSchema } from '@bygg/contracts/orders';
import type { Route } from './+types/receipt';
import { PageErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { CheckoutUnavailable } from '~/features/checkout/checkout-unavailable.tsx';
import { ReceiptPage } from '~/features/checkout/receipt-page.tsx';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { isApiStatus, orderApiFor } from '~/lib/cart/order-api.server.ts';
import { useCartDisplay } from '~/lib/cart/use-cart.ts';
import { pathsOfRequest } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';

// /kvitto/visa/{id}, mounted under the plain, /foretag, store-prefixed and /rikskund paths.

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  const number = page?.page.order.number;
  return [
    { title: number ? `Kvitto för order ${number}` : 'Kvitto' },
    { name: 'robots', content: 'noindex' },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = OrderParamsSchema.safeParse({ id: params.id });
  // A malformed id can name no order: the same 404 as an unknown or someone else's order.
  if (!parsed.success) throw data(null, { status: 404 });
  const order = await orderApiFor(request)
    .order(parsed.data.id)
    .catch((error: unknown) => {
      if (isApiStatus(error, 403, 404)) throw data(null, { status: 404 });
      console.error('Could not load a receipt:', error);
      throw data(null, { status: 503 });
    });
  return data(
    { page: { order, shopPath: pathsOfRequest(request).products() } },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

/** Personal data: no cache keeps this page (lib/personal-page.ts). */
export const headers: Route.HeadersFunction = personalPageHeaders;

export default function ReceiptRoute({ loaderData }: Route.ComponentProps) {
  // A trade user (or a business path) reads the receipt excl. VAT, as the shop showed it.
  const { exclVat } = useCartDisplay();
  return <ReceiptPage data={{ ...loaderData.page, exclVat }} />;
}

export function ErrorBoundary() {
  return (
    <PageErrorBoundary
      notFound={() => <NotFoundPage />}
      unavailable={() => <CheckoutUnavailable />}
    />
  );
}
