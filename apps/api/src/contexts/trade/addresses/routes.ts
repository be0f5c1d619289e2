import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { DefaultAddressesSchema } from '@bygg/contracts/trade/addresses';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import { NotFoundError } from '../../../kernel/errors.ts';
import { companyOf, tradeAccess } from '../store-access/guard.ts';
import type { StoreCustomerRepository } from '../store-customer/repository.ts';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** {eid}/address/default_addresses/ (trade-area spec §7 "Other"): for checkout and offers. */
export const addressRoutes: FastifyPluginAsyncZod<{ accounts: StoreCustomerRepository }> = async (
  app,
  { accounts },
) => {
  app.get(
    '/address/default_addresses/',
    {
      schema: {
        tags: ['trade'],
        summary: "The company's invoice and delivery addresses (the company address by default)",
        params: EidParamsSchema,
        response: { 200: DefaultAddressesSchema, ...errors },
      },
    },
    async (request) => {
      const access = tradeAccess(request);
      const row = await accounts.current(companyOf(access), access.store.id);
      if (!row) throw new NotFoundError('Företaget har inget kundkonto i den här butiken');
      const company = { street: row.street, postcode: row.postcode, city: row.city };
      return {
        invoice_address: row.invoiceAddress ?? company,
        delivery_address: row.deliveryAddress ?? company,
        company: { name: row.name, org_number: row.orgNumber },
        contact: { name: access.user.name, email: access.user.username, phone: row.phone },
      };
    },
  );
};
