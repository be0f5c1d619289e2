import { data } from 'react-router';
import { ADMIN_ONLY_MESSAGE } from '@bygg/contracts/trade/common';
import { StoreCustomerReplySchema, TermsReplySchema } from '@bygg/contracts/trade/store-customer';
import { StoreCustomerUserSchema } from '@bygg/contracts/trade/users';
import type { Route } from './+types/dashboard-settings';
import { searchParam } from '~/features/dashboard/list-params.ts';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { parseCompanySettingsForm } from '~/features/dashboard/settings-model.ts';
import { failedSave, invalidForm, savedResult } from '~/features/dashboard/settings.server.ts';
import { SettingsPage, type SettingsData } from '~/features/dashboard/settings-page.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Inställningar (trade-area §2 /installningar/): the tabs general (the company as the store's
// customer, its invoice and delivery addresses, the terms; PUT store-customer/current/) and
// users (GET store-customer/user/ with search, through the paginated helper: at most 100).
// Administrators only: an ordinary user gets the refusal, and the menu does not offer it.

export const meta: Route.MetaFunction = () => [
  { title: 'Inställningar' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const url = new URL(request.url);
  const api = tradeRequestFor(request);
  const headers = { 'Cache-Control': NO_STORE };
  if (url.searchParams.get('flik') === 'anvandare') {
    const search = searchParam(url.searchParams);
    try {
      const list = await api.paginated(proffsPath(store.external_id, 'store-customer/user/'), {
        page_size: 100,
        ...(search ? { search } : {}),
      });
      const settings: SettingsData = {
        tab: 'users',
        refused: null,
        search,
        users: StoreCustomerUserSchema.array().parse(list.results),
        more: list.next !== null,
        removed: url.searchParams.has('borttagen'),
      };
      return data({ settings }, { headers });
    } catch (error) {
      const settings: SettingsData = {
        tab: 'users',
        search,
        users: [],
        more: false,
        removed: false,
        ...refusalOrThrow(error),
      };
      return data({ settings }, { headers });
    }
  }
  try {
    const [current, terms] = await Promise.all([
      api.get(proffsPath(store.external_id, 'store-customer/current/')),
      api.get(proffsPath(store.external_id, 'store-customer/terms/')),
    ]);
    const customer = StoreCustomerReplySchema.parse(current.data);
    const admin = customer.access.role === 'admin';
    const settings: SettingsData = {
      tab: 'general',
      refused: admin ? null : ADMIN_ONLY_MESSAGE,
      customer: admin ? customer : null,
      terms: admin ? TermsReplySchema.parse(terms.data).data : null,
    };
    return data({ settings }, { headers });
  } catch (error) {
    const settings: SettingsData = {
      tab: 'general',
      customer: null,
      terms: null,
      ...refusalOrThrow(error),
    };
    return data({ settings }, { headers });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const parsed = parseCompanySettingsForm(await request.formData());
  if (!parsed.ok) return invalidForm(parsed.fieldErrors);
  try {
    await tradeRequestFor(request).put(
      proffsPath(store.external_id, 'store-customer/current/'),
      parsed.body,
    );
    return savedResult();
  } catch (error) {
    return failedSave(error);
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage data={loaderData.settings} result={actionData} />;
}
