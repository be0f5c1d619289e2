import { data } from 'react-router';
import {
  StoreCustomerReplySchema,
  StoreCustomerUpdateSchema,
  TermsReplySchema,
} from '@bygg/contracts/trade/store-customer';
import { STORE_TERMS } from '@bygg/domain/trade-terms';
import type { Route } from './+types/dashboard-contact';
import { ContactPage } from '~/features/dashboard/contact-page.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Kontaktuppgifter (trade-area §2 /kontaktuppgifter/): the company as the store's customer.
// Fields only the store may change are read-only with the reason; administrators save the
// rest (PUT store-customer/current/) and accept the store's terms (§5: until then the
// dashboard sends every page here).

export const meta: Route.MetaFunction = () => [
  { title: 'Kontaktuppgifter' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const api = tradeRequestFor(request);
  try {
    const [current, terms] = await Promise.all([
      api.get(proffsPath(store.external_id, 'store-customer/current/')),
      api.get(proffsPath(store.external_id, 'store-customer/terms/')),
    ]);
    return data(
      {
        customer: StoreCustomerReplySchema.parse(current.data),
        terms: TermsReplySchema.parse(terms.data).data,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    refusalOrThrow(error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  }
}

export type ContactActionData = {
  saved: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
};

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const form = await request.formData();
  const api = tradeRequestFor(request);
  const text = (name: string) => String(form.get(name) ?? '').trim();
  try {
    if (text('intent') === 'accept-terms') {
      const terms = TermsReplySchema.parse(
        (await api.get(proffsPath(store.external_id, 'store-customer/terms/'))).data,
      ).data;
      await api.put(proffsPath(store.external_id, 'store-customer/terms/'), {
        version: terms.version,
        // Each condition as its checkbox says: the API refuses any left unticked (400).
        terms: Object.fromEntries(
          STORE_TERMS.conditions.map((condition) => [condition, form.get(condition) === 'on']),
        ),
      });
      return { saved: true, error: null, fieldErrors: {} } satisfies ContactActionData;
    }
    const body = StoreCustomerUpdateSchema.safeParse({
      data: {
        address: { street: text('street'), postcode: text('postcode'), city: text('city') },
        phone: text('phone') || null,
        email: text('email') || null,
      },
    });
    if (!body.success) {
      const fieldErrors = Object.fromEntries(
        body.error.issues.map((issue) => [String(issue.path.at(-1)), issue.message]),
      );
      return data(
        {
          saved: false,
          error: 'Kontrollera de markerade fälten.',
          fieldErrors,
        } satisfies ContactActionData,
        { status: 400 },
      );
    }
    await api.put(proffsPath(store.external_id, 'store-customer/current/'), body.data);
    return { saved: true, error: null, fieldErrors: {} } satisfies ContactActionData;
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 400) {
      const reply = error.response.data as { message?: string } | null;
      return data(
        {
          saved: false,
          error: reply?.message ?? 'Uppgifterna kunde inte sparas.',
          fieldErrors: {},
        } satisfies ContactActionData,
        { status: 400 },
      );
    }
    const { refused } = refusalOrThrow(error);
    return data({ saved: false, error: refused, fieldErrors: {} } satisfies ContactActionData, {
      status: 403,
    });
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage {...loaderData} result={actionData} />;
}
