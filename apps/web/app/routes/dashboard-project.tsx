import { data, redirect } from 'react-router';
import { InvoicePageSchema } from '@bygg/contracts/trade/invoices';
import { OfferPageSchema } from '@bygg/contracts/trade/offers';
import { OrderPageSchema } from '@bygg/contracts/trade/orders';
import { QuotePageSchema } from '@bygg/contracts/trade/quotes';
import {
  ProjectFileListSchema,
  ProjectPatchSchema,
  ProjectSchema,
} from '@bygg/contracts/trade/projects';
import { StoreCustomerUserPageSchema } from '@bygg/contracts/trade/users';
import { EndCustomerPageSchema } from '@bygg/contracts/trade/end-customers';
import type { Route } from './+types/dashboard-project';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import {
  formFieldOf,
  projectBody,
  type ProjectFormField,
} from '~/features/dashboard/project-form.tsx';
import {
  ProjectPage,
  PROJECT_LIST_PAGE_SIZE,
  projectListPage,
  ProjectRefusal,
  projectTab,
  type ProjectActionData,
} from '~/features/dashboard/project-page.tsx';
import { createOffer } from '~/features/dashboard/offer-editor.server.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Ett projekt (trade-area §2 /projekt/{id}/): the overview (facts, job cost, access, edit),
// images with the lightbox, documents (upload, download, all as a zip) and the invoices of the
// project, one tab each (?flik=). A project the user may not see is the not-found page.

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData?.page ? `${loaderData.page.project.name} – Projekt` : 'Projekt' },
  { name: 'robots', content: 'noindex' },
];

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });

function projectId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const id = projectId(params);
  const searchParams = new URL(request.url).searchParams;
  const tab = projectTab(searchParams);
  if (!tab) throw notFound();
  // The page of the tab's list (quotes, orders, invoices): ?sida=2 …
  const listPage = projectListPage(searchParams);
  const api = tradeRequestFor(request);
  const base = proffsPath(store.external_id, `project/${id}/`);
  let project;
  try {
    project = ProjectSchema.parse((await api.get(base)).data);
  } catch (error) {
    // Without the projects right the page shows the refusal; a project not found is 404.
    return data(
      { refused: refusalOrThrow(error).refused, page: null },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
  try {
    const [images, documents, companyUsers, endCustomers] = await Promise.all([
      tab === 'bilder' ? api.get(`${base}image/`) : null,
      tab === 'dokument' ? api.get(`${base}attachments/`) : null,
      tab === 'oversikt' && project.can_assign_users
        ? api.get(proffsPath(store.external_id, 'store-customer/user/'), { page_size: 100 })
        : null,
      // The register's customers for the form's choice; without them the choice is not offered.
      tab === 'oversikt'
        ? api
            .get(proffsPath(store.external_id, 'end-customer/'), { page_size: 100 })
            .catch(() => null)
        : null,
    ]);
    // The tab's list of the project (invoices, store quotes, orders), or the API's refusal.
    const listOf = async <T,>(
      wanted: boolean,
      path: string,
      parse: (body: unknown) => T,
    ): Promise<{ list: T | null; refused: string | null }> => {
      if (!wanted) return { list: null, refused: null };
      try {
        const response = await api.get(proffsPath(store.external_id, path), {
          project_id: id,
          page: listPage,
          page_size: PROJECT_LIST_PAGE_SIZE,
        });
        return { list: parse(response.data), refused: null };
      } catch (error) {
        return { list: null, refused: refusalOrThrow(error).refused };
      }
    };
    const [invoiceList, quoteList, orderList, offerList] = await Promise.all([
      listOf(tab === 'fakturor', 'invoice/', (body) => InvoicePageSchema.parse(body)),
      listOf(tab === 'offerter', 'quote/', (body) => QuotePageSchema.parse(body)),
      listOf(tab === 'ordrar', 'order/', (body) => OrderPageSchema.parse(body)),
      listOf(tab === 'offerter', 'offer/', (body) => OfferPageSchema.parse(body)),
    ]);
    return data(
      {
        refused: null,
        page: {
          project,
          tab,
          listPage,
          images: images ? ProjectFileListSchema.parse(images.data) : null,
          documents: documents ? ProjectFileListSchema.parse(documents.data) : null,
          invoices: invoiceList.list,
          invoicesRefused: invoiceList.refused,
          quotes: quoteList.list,
          quotesRefused: quoteList.refused,
          orders: orderList.list,
          ordersRefused: orderList.refused,
          endCustomers: endCustomers
            ? EndCustomerPageSchema.parse(endCustomers.data).results.map((c) => ({
                id: c.id,
                name: c.name,
              }))
            : null,
          offers: offerList.list,
          offersRefused: offerList.refused,
          companyUsers: companyUsers
            ? StoreCustomerUserPageSchema.parse(companyUsers.data).results.filter(
                (user) => user.is_active,
              )
            : null,
        },
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    refusalOrThrow(error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  }
}

function fieldErrorsOf(issues: { path: string; message: string }[]) {
  const fieldErrors: Partial<Record<ProjectFormField, string>> = {};
  for (const issue of issues) {
    const field = formFieldOf(issue.path);
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}

const SAVED: Record<string, string> = {
  save: 'Dina ändringar är sparade.',
  status: 'Dina ändringar är sparade.',
  users: 'Dina ändringar är sparade.',
  'upload-images': 'Bilderna är uppladdade.',
  'upload-documents': 'Dokumenten är uppladdade.',
  'delete-file': 'Filen är borttagen.',
  invite: 'Inbjudan har skickats till kunden.',
  'revoke-invite': 'Kundens länk fungerar inte längre.',
};

export async function action({ request, params }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const id = projectId(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = tradeRequestFor(request);
  if (intent === 'make-offer') {
    // "Skapa offert" in the offers tab (issue 19): a new offer for the project, then its editor.
    const made = await createOffer(api, store.external_id, {
      kind: 'project',
      id,
      title: 'Ny offert',
    });
    if (!made.ok) return data(made, { status: made.status });
    throw redirect(
      dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-customer-offer', {
        id: String(made.id),
      }),
    );
  }
  const base = proffsPath(store.external_id, `project/${id}/`);
  const answer = (status: number, error: string | null, fieldErrors = {}) =>
    data(
      {
        intent,
        saved: error ? null : (SAVED[intent] ?? null),
        error,
        fieldErrors,
      } satisfies ProjectActionData,
      { status },
    );
  try {
    switch (intent) {
      case 'save': {
        const body = ProjectPatchSchema.safeParse(projectBody(form));
        if (!body.success) {
          return answer(
            400,
            'Kontrollera de markerade fälten.',
            fieldErrorsOf(
              body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
            ),
          );
        }
        await api.patch(base, body.data);
        break;
      }
      case 'status':
        await api.patch(base, { status: String(form.get('status') ?? '') });
        break;
      case 'users':
        await api.put(`${base}users/`, {
          user_ids: form.getAll('user_id').map((value) => Number(value)),
        });
        break;
      case 'upload-images':
      case 'upload-documents': {
        const files = new FormData();
        for (const file of form.getAll('file')) {
          if (typeof file !== 'string' && file.size > 0) files.append('file', file, file.name);
        }
        await api.post(`${base}${intent === 'upload-images' ? 'image/' : 'attachments/'}`, files);
        break;
      }
      case 'delete-file': {
        const fileId = Number(form.get('file_id'));
        if (!Number.isInteger(fileId) || fileId < 1) return answer(400, 'Filen finns inte');
        await api.delete(`${base}file/${fileId}/`);
        break;
      }
      case 'invite':
        await api.post(`${base}invite/`);
        break;
      case 'revoke-invite':
        await api.delete(`${base}invite/`);
        break;
      default:
        return answer(400, 'Okänd åtgärd');
    }
    return answer(200, null);
  } catch (error) {
    if (error instanceof TradeRequestError && [400, 404, 413].includes(error.status)) {
      const reply = error.response.data as {
        message?: string;
        fields?: { path: string; message: string }[];
      } | null;
      return answer(
        error.status,
        reply?.message ?? 'Det gick inte att spara.',
        fieldErrorsOf(reply?.fields ?? []),
      );
    }
    const { refused } = refusalOrThrow(error);
    return answer(403, refused);
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardProjectRoute({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.page ? (
    <ProjectPage
      {...loaderData.page}
      result={actionData && 'intent' in actionData ? actionData : undefined}
    />
  ) : (
    <ProjectRefusal message={loaderData.refused ?? ''} />
  );
}
