import { z } from 'zod';
import { AddressReplySchema } from './store-customer.ts';

/** GET address/default_addresses/ (trade-area spec §7 "Other"): the company's addresses. */
export const DefaultAddressesSchema = z.object({
  /** Where invoices go (the company address when no invoice address is set). */
  invoice_address: AddressReplySchema,
  /** Where deliveries go (the company address when no delivery address is set). */
  delivery_address: AddressReplySchema,
  company: z.object({ name: z.string(), org_number: z.string() }),
  /**
   * Who orders (issue 17: the checkout is prefilled): the logged-in user's name and e-mail,
   * and the company's phone (null when it has none).
   */
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
});
export type DefaultAddresses = z.infer<typeof DefaultAddressesSchema>;
