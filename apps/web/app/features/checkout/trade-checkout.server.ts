import type { ProffsUser } from '@bygg/contracts/auth';
import { DefaultAddressesSchema } from '@bygg/contracts/trade/addresses';
import { CreditSchema } from '@bygg/contracts/trade/credit';
import { ProjectPageSchema } from '@bygg/contracts/trade/projects';
import { loadTradeUser } from '~/lib/session-api.server.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';
import type { CheckoutValues } from './checkout-form.ts';
import type { TradeCheckout } from './trade-checkout.ts';

/** 'Anna Lindqvist' → first 'Anna', last 'Lindqvist'; one word is the first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

/**
 * What /kassa knows of a logged-in trade user (issue 17): the form prefilled from the user
 * and the company's default addresses, the invoice address, and the credit left in the
 * cart's store. The account is read in the cart's store when the company has one there,
 * else in the user's first store (the company's details are the same); the credit only
 * where the account is, and so the user's active projects (a user without the projects
 * right gets none). No session: null and no call. A failed call is logged and the
 * checkout goes on without it (the shopper types the details, the API still checks credit).
 */
export async function loadTradeCheckout(
  request: Request,
  cartStore: { external_id: string } | null,
): Promise<TradeCheckout | null> {
  let user: ProffsUser | null;
  try {
    user = await loadTradeUser(request);
  } catch (error) {
    console.error('Could not load the trade user for the checkout:', error);
    return null;
  }
  if (!user?.company) return null;
  const inCartStore = user.stores.find((store) => store.external_id === cartStore?.external_id);
  const accountStore = inCartStore ?? user.stores[0];
  const name = splitName(user.name);
  const base: TradeCheckout = {
    prefill: { ...name, email: user.username, company: user.company.name },
    invoiceAddress: null,
    credit: null,
    hasAccountInCartStore: inCartStore !== undefined,
    cartStoreExternalId: cartStore?.external_id ?? null,
    projects: [],
  };
  if (!accountStore) return base;
  const api = tradeRequestFor(request);
  const [addresses, credit, projects] = await Promise.all([
    api
      .get(proffsPath(accountStore.external_id, 'address/default_addresses/'))
      .then((reply) => DefaultAddressesSchema.parse(reply.data))
      .catch((error: unknown) => {
        console.error('Could not load the default addresses for the checkout:', error);
        return null;
      }),
    inCartStore
      ? api
          .get(proffsPath(inCartStore.external_id, 'credit/'))
          .then((reply) => CreditSchema.parse(reply.data))
          .catch((error: unknown) => {
            console.error('Could not load the credit for the checkout:', error);
            return null;
          })
      : Promise.resolve(null),
    inCartStore
      ? api
          .get(proffsPath(inCartStore.external_id, 'project/'), {
            status: 'active',
            ordering: 'number',
            page_size: 100,
          })
          .then((reply) =>
            ProjectPageSchema.parse(reply.data).results.map(({ id, number, name }) => ({
              id,
              number,
              name,
            })),
          )
          .catch((error: unknown) => {
            // No projects right is a refusal: the checkout simply offers no project.
            console.error('Could not load the projects for the checkout:', error);
            return [];
          })
      : Promise.resolve([]),
  ]);
  if (!addresses) return { ...base, credit, projects };
  const prefill: Partial<CheckoutValues> = {
    ...base.prefill,
    company: addresses.company.name,
    email: addresses.contact.email,
    phone: addresses.contact.phone ?? '',
    street: addresses.delivery_address.street,
    postcode: addresses.delivery_address.postcode,
    city: addresses.delivery_address.city,
  };
  return { ...base, prefill, invoiceAddress: addresses.invoice_address, credit, projects };
}
