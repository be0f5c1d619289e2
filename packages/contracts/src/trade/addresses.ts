import { z } from 'zod';
import { AddressReplySchema } from './store-customer.ts';

/** GET address/default_addresses/ (trade-area spec §7 "Other"): the company's addresses. */
export const DefaultAddressesSchema = z.object({
  /** Where invoices go (the company address when no invoice address is set). */
  invoice_address: AddressReplySchema,
  /** Where deliveries go (the company address when no delivery address is set). */
  delivery_address: AddressReplySchema,
  company: z.object({ name: z.string(), org_number: z.string() }),
});
export type DefaultAddresses = z.infer<typeof DefaultAddressesSchema>;
