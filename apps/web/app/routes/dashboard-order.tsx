import { data, redirect } from 'react-router';
import { OrderAttachmentListSchema, OrderDetailSchema } from '@bygg/contracts/trade/orders';
import type { Route } from './+types/dashboard-order';
import { Refusal } from '~/features/dashboard/dashboard-parts.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { createOffer } from '~/features/dashboard/offer-editor.server.ts';
import { OrderPageView } from '~/features/dashboard/orders-pages.tsx';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Ordrar/{id} (trade-area §2): one order (GET order/{id}/), its attachments (GET and POST
// order/{order_id}/attachments/) and its invoices.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.order ? `Order ${loaded.order.number}` : 'Order' },
  { name: 'robots', content: 'noindex' },
];

function orderId(id: string): string {
  if (!/^\d{1,9}$/.test(id))
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const id = orderId(params.id);
  const api = tradeRequestFor(request);
  try {
    const [order, attachments] = await Promise.all([
      api.get(proffsPath(store.external_id, `order/${id}/`)),
      api.get(proffsPath(store.external_id, `order/${id}/attachments/`)),
    ]);
    return data(
      {
        order: OrderDetailSchema.parse(order.data),
        attachments: OrderAttachmentListSchema.parse(attachments.data).results,
        refused: null,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { order: null, attachments: [], ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const id = orderId(params.id);
  const form = await request.formData();
  if (form.get('intent') === 'make-offer') {
    // "Gör offert till kund" (issue 19): POST offer/from_order/, then the new offer's editor.
    const made = await createOffer(tradeRequestFor(request), store.external_id, {
      kind: 'order',
      id: Number(id),
    });
    if (!made.ok) return data(made, { status: made.status });
    throw redirect(
      dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-customer-offer', {
        id: String(made.id),
      }),
    );
  }
  const files = new FormData();
  for (const file of form.getAll('file')) {
    if (file instanceof File && file.size > 0) files.append('file', file, file.name);
  }
  try {
    await tradeRequestFor(request).post(
      proffsPath(store.external_id, `order/${id}/attachments/`),
      files,
    );
    return data(
      { upload: { message: 'Bilagorna är uppladdade.', ok: true } },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    if (error instanceof TradeRequestError && error.status < 500) {
      const body = error.response.data as { message?: unknown } | null;
      const message =
        typeof body?.message === 'string' ? body.message : 'Filerna kunde inte laddas upp';
      return data(
        { upload: { message, ok: false } },
        { status: error.status, headers: { 'Cache-Control': NO_STORE } },
      );
    }
    console.error('Uploading order attachments failed:', error);
    return data(
      { upload: { message: 'Filerna kunde inte laddas upp. Försök igen senare.', ok: false } },
      { status: 503, headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardOrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.order) {
    return (
      <div className="container dashboard">
        <h1 className="dashboard__title">Order</h1>
        <Refusal message={loaderData.refused ?? ''} />
      </div>
    );
  }
  return (
    <OrderPageView
      order={loaderData.order}
      attachments={loaderData.attachments}
      upload={actionData && 'upload' in actionData ? actionData.upload : null}
    />
  );
}
