import { data } from 'react-router';
import {
  EndCustomerDetailSchema,
  EndCustomerPatchSchema,
} from '@bygg/contracts/trade/end-customers';
import { OfferPageSchema, type OfferPage } from '@bygg/contracts/trade/offers';
import type { Route } from './+types/dashboard-customer';
import {
  CustomerPage,
  customerBody,
  customerFieldOf,
  type CustomerActionData,
  type CustomerFormField,
} from '~/features/dashboard/customers-pages.tsx';
import { Refusal } from '~/features/dashboard/dashboard-parts.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// En kund (trade-area §2 /kunder/{id}/): the details (PATCH end-customer/{id}/) and the
// customer's projects and offers (offer/?end_customer_id=, when the user has the offers right).
// Another company's customer is the not-found page.

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData?.customer ? `${loaderData.customer.name} – Kunder` : 'Kunder' },
  { name: 'robots', content: 'noindex' },
];

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });

function customerId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

function fieldErrorsOf(issues: { path: string; message: string }[]) {
  const fieldErrors: Partial<Record<CustomerFormField, string>> = {};
  for (const issue of issues) {
    const field = customerFieldOf(issue.path);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const id = customerId(params);
  const api = tradeRequestFor(request);
  try {
    const [reply, offers] = await Promise.all([
      api.get(proffsPath(store.external_id, `end-customer/${id}/`)),
      customerOffers(api, store.external_id, id),
    ]);
    return data(
      { customer: EndCustomerDetailSchema.parse(reply.data), ...offers, refused: null },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { customer: null, offers: null, offersRefused: null, ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

/** The customer's offers (the latest 50); a user without the offers right sees why not. */
async function customerOffers(
  api: ReturnType<typeof tradeRequestFor>,
  eid: string,
  id: number,
): Promise<{ offers: OfferPage | null; offersRefused: string | null }> {
  try {
    const reply = await api.get(proffsPath(eid, 'offer/'), { end_customer_id: id, page_size: 50 });
    return { offers: OfferPageSchema.parse(reply.data), offersRefused: null };
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 403) {
      return { offers: null, offersRefused: refusalOrThrow(error).refused };
    }
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const id = customerId(params);
  const body = EndCustomerPatchSchema.safeParse(customerBody(await request.formData(), true));
  if (!body.success) {
    return data(
      {
        saved: false,
        error: 'Kontrollera de markerade fälten.',
        fieldErrors: fieldErrorsOf(
          body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        ),
      } satisfies CustomerActionData,
      { status: 400 },
    );
  }
  try {
    await tradeRequestFor(request).patch(
      proffsPath(store.external_id, `end-customer/${id}/`),
      body.data,
    );
    return data({ saved: true, error: null, fieldErrors: {} } satisfies CustomerActionData);
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 400) {
      const reply = error.response.data as {
        message?: string;
        fields?: { path: string; message: string }[];
      } | null;
      return data(
        {
          saved: false,
          error: reply?.message ?? 'Kunden kunde inte sparas.',
          fieldErrors: fieldErrorsOf(reply?.fields ?? []),
        } satisfies CustomerActionData,
        { status: 400 },
      );
    }
    const { refused } = refusalOrThrow(error);
    return data({ saved: false, error: refused, fieldErrors: {} } satisfies CustomerActionData, {
      status: 403,
    });
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardCustomerRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.customer) {
    return (
      <div className="container dashboard">
        <Refusal message={loaderData.refused ?? 'Kunden finns inte'} />
      </div>
    );
  }
  return (
    <CustomerPage
      customer={loaderData.customer}
      offers={loaderData.offers}
      offersRefused={loaderData.offersRefused}
      result={actionData}
    />
  );
}
