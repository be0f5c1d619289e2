import { data, Link, redirect, useNavigation } from 'react-router';
import {
  EndCustomerCreateSchema,
  EndCustomerDetailSchema,
} from '@bygg/contracts/trade/end-customers';
import type { Route } from './+types/dashboard-customer-create';
import {
  CustomerForm,
  customerBody,
  customerFieldOf,
  customerFormValues,
  type CustomerActionData,
  type CustomerFormField,
} from '~/features/dashboard/customers-pages.tsx';
import { useDashboard } from '~/features/dashboard/dashboard-model.ts';
import { DashboardLoading } from '~/features/dashboard/dashboard-parts.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Lägg till kund (trade-area §2 /kunder/skapa/): POST end-customer/, then the customer's page.

export const meta: Route.MetaFunction = () => [
  { title: 'Lägg till kund' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireDashboardStore(request);
  return data(null, { headers: { 'Cache-Control': NO_STORE } });
}

function customerFieldErrors(issues: { path: string; message: string }[]) {
  const fieldErrors: Partial<Record<CustomerFormField, string>> = {};
  for (const issue of issues) {
    const field = customerFieldOf(issue.path);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const body = EndCustomerCreateSchema.safeParse(customerBody(await request.formData(), false));
  if (!body.success) {
    return data(
      {
        saved: false,
        error: 'Kontrollera de markerade fälten.',
        fieldErrors: customerFieldErrors(
          body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        ),
      } satisfies CustomerActionData,
      { status: 400 },
    );
  }
  try {
    const reply = await tradeRequestFor(request).post(
      proffsPath(store.external_id, 'end-customer/'),
      body.data,
    );
    const customer = EndCustomerDetailSchema.parse(reply.data);
    return redirect(
      dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-customer', {
        id: String(customer.id),
      }),
      { headers: { 'Cache-Control': NO_STORE } },
    );
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
          fieldErrors: customerFieldErrors(reply?.fields ?? []),
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

export default function DashboardCustomerCreateRoute({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { store } = useDashboard();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="container dashboard">
      <nav aria-label="Brödsmulor" className="project-breadcrumbs">
        <Link to={dashboardPath(store, 'dashboard-customers')}>Kunder</Link>
      </nav>
      <header className="dashboard__header">
        <h1 className="dashboard__title">Lägg till kund</h1>
      </header>
      {busy ? <DashboardLoading label="Sparar kunden …" /> : null}
      {actionData?.error ? (
        <p className="dashboard__problem" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <section className="dashboard__card" aria-label="Kundens uppgifter">
        <CustomerForm
          initial={customerFormValues()}
          fieldErrors={actionData?.fieldErrors ?? {}}
          submitLabel="Spara kund"
          busy={busy}
        />
      </section>
    </div>
  );
}
