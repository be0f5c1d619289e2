import { data, redirect } from 'react-router';
import { StoreCustomerReplySchema } from '@bygg/contracts/trade/store-customer';
import { ADMIN_ONLY_MESSAGE } from '@bygg/contracts/trade/common';
import { StoreCustomerUserSchema } from '@bygg/contracts/trade/users';
import type { Route } from './+types/dashboard-settings-create';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { parseCreateUserForm } from '~/features/dashboard/settings-model.ts';
import { failedSave, invalidForm } from '~/features/dashboard/settings.server.ts';
import { CreateUserPage } from '~/features/dashboard/user-page.tsx';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Skapa användare (trade-area §2 /installningar/skapa-anvandare/): POST store-customer/user/;
// the API e-mails the new user a link to choose a password. Then the user's own page.
// Administrators only.

export const meta: Route.MetaFunction = () => [
  { title: 'Skapa användare' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  try {
    const current = await tradeRequestFor(request).get(
      proffsPath(store.external_id, 'store-customer/current/'),
    );
    const admin = StoreCustomerReplySchema.parse(current.data).access.role === 'admin';
    return data(
      { refused: admin ? null : ADMIN_ONLY_MESSAGE },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(refusalOrThrow(error), { headers: { 'Cache-Control': NO_STORE } });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const parsed = parseCreateUserForm(await request.formData());
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  let id: number;
  try {
    const reply = await tradeRequestFor(request).post(
      proffsPath(store.external_id, 'store-customer/user/'),
      parsed.body,
    );
    id = StoreCustomerUserSchema.parse(reply.data).id;
  } catch (error) {
    return failedSave(error);
  }
  throw redirect(
    `${dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-settings-user', { id: String(id) })}?skapad`,
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardSettingsCreateRoute({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return <CreateUserPage refused={loaderData.refused} result={actionData} />;
}
