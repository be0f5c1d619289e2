import { data, redirect } from 'react-router';
import { StoreCustomerUserSchema, UserIdParamsSchema } from '@bygg/contracts/trade/users';
import type { Route } from './+types/dashboard-settings-user';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { parseEditUserForm } from '~/features/dashboard/settings-model.ts';
import { USERS_TAB_QUERY } from '~/features/dashboard/settings-page.tsx';
import { failedSave, invalidForm, savedResult } from '~/features/dashboard/settings.server.ts';
import { UserSettingsPage } from '~/features/dashboard/user-page.tsx';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// One user of the company (trade-area §2 /installningar/{id}/): name, e-mail, phone, role,
// rights, region and active (PATCH store-customer/user/{id}/), or removed (DELETE).
// Administrators only; someone else's user, or an id that is none, is the not-found page.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.user ? `${loaded.user.name} | Inställningar` : 'Användare' },
  { name: 'robots', content: 'noindex' },
];

/** The store and the user's id of the address; an id that cannot be one is not found. */
async function target(request: Request, params: Route.LoaderArgs['params']) {
  const store = await requireDashboardStore(request);
  const id = UserIdParamsSchema.shape.id.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  return { store, path: proffsPath(store.external_id, `store-customer/user/${id.data}/`) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { path } = await target(request, params);
  const created = new URL(request.url).searchParams.has('skapad');
  try {
    const reply = await tradeRequestFor(request).get(path);
    return data(
      { user: StoreCustomerUserSchema.parse(reply.data), refused: null, created },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { user: null, created: false, ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { store, path } = await target(request, params);
  const form = await request.formData();
  const api = tradeRequestFor(request);
  if (form.get('intent') === 'delete') {
    if (form.get('confirm') !== 'on') {
      return invalidForm({ confirm: 'Bekräfta att du vill ta bort användaren' });
    }
    try {
      await api.delete(path);
    } catch (error) {
      return failedSave(error);
    }
    throw redirect(
      `${dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-settings')}?${USERS_TAB_QUERY}&borttagen`,
      {
        headers: { 'Cache-Control': NO_STORE },
      },
    );
  }
  const parsed = parseEditUserForm(form);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  try {
    await api.patch(path, parsed.body);
    return savedResult();
  } catch (error) {
    return failedSave(error);
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardSettingsUserRoute({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return <UserSettingsPage {...loaderData} result={actionData} />;
}
