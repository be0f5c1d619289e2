import { data, Link, redirect, useNavigation } from 'react-router';
import { ProjectCreateSchema, ProjectSchema } from '@bygg/contracts/trade/projects';
import { EndCustomerPageSchema } from '@bygg/contracts/trade/end-customers';
import type { Route } from './+types/dashboard-project-create';
import { useDashboard } from '~/features/dashboard/dashboard-model.ts';
import { DashboardLoading } from '~/features/dashboard/dashboard-parts.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import {
  formFieldOf,
  ProjectForm,
  projectBody,
  projectFormValues,
  type ProjectFormField,
} from '~/features/dashboard/project-form.tsx';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';
import '~/features/dashboard/dashboard.css';
import '~/features/dashboard/projects.css';

// Skapa projekt (trade-area §2 /projekt/skapa/): POST project/, then the new project's page.
// The creator gets access (§6).

export const meta: Route.MetaFunction = () => [
  { title: 'Skapa projekt' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  // The register's customers to choose from (issue 19); without them the choice is not offered.
  const reply = await tradeRequestFor(request)
    .get(proffsPath(store.external_id, 'end-customer/'), { page_size: 100 })
    .catch(() => null);
  const endCustomers = reply
    ? EndCustomerPageSchema.parse(reply.data).results.map((c) => ({ id: c.id, name: c.name }))
    : null;
  return data({ endCustomers }, { headers: { 'Cache-Control': NO_STORE } });
}

export type ProjectCreateActionData = {
  error: string | null;
  fieldErrors: Partial<Record<ProjectFormField, string>>;
};

function fieldErrorsOf(issues: { path: string; message: string }[]) {
  const fieldErrors: Partial<Record<ProjectFormField, string>> = {};
  for (const issue of issues) {
    const field = formFieldOf(issue.path);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const form = await request.formData();
  const body = ProjectCreateSchema.safeParse(projectBody(form));
  if (!body.success) {
    return data(
      {
        error: 'Kontrollera de markerade fälten.',
        fieldErrors: fieldErrorsOf(
          body.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        ),
      } satisfies ProjectCreateActionData,
      { status: 400 },
    );
  }
  try {
    const reply = await tradeRequestFor(request).post(
      proffsPath(store.external_id, 'project/'),
      body.data,
    );
    const project = ProjectSchema.parse(reply.data);
    return redirect(
      dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-project', {
        id: String(project.id),
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
          error: reply?.message ?? 'Projektet kunde inte skapas.',
          fieldErrors: fieldErrorsOf(reply?.fields ?? []),
        } satisfies ProjectCreateActionData,
        { status: 400 },
      );
    }
    const { refused } = refusalOrThrow(error);
    return data({ error: refused, fieldErrors: {} } satisfies ProjectCreateActionData, {
      status: 403,
    });
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardProjectCreateRoute({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const { store } = useDashboard();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="container dashboard">
      <nav aria-label="Brödsmulor" className="project-breadcrumbs">
        <Link to={dashboardPath(store, 'dashboard-projects')}>Projekt</Link>
      </nav>
      <header className="dashboard__header">
        <h1 className="dashboard__title">Skapa projekt</h1>
      </header>
      {busy ? <DashboardLoading label="Skapar projektet …" /> : null}
      {actionData?.error ? (
        <p className="dashboard__problem" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <section className="dashboard__card" aria-label="Projektets uppgifter">
        <ProjectForm
          intent="create"
          initial={projectFormValues()}
          fieldErrors={actionData?.fieldErrors ?? {}}
          submitLabel="Skapa projekt"
          busy={busy}
          endCustomers={loaderData.endCustomers}
        />
      </section>
    </div>
  );
}
