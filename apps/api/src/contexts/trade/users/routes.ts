import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  StoreCustomerUserCreateSchema,
  StoreCustomerUserListQuerySchema,
  StoreCustomerUserPageSchema,
  StoreCustomerUserPatchSchema,
  StoreCustomerUserSchema,
  UserIdParamsSchema,
} from '@bygg/contracts/trade/users';
import { requires, tradeAccess } from '../store-access/guard.ts';
import type { CompanyUserService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const adminOnly = requires('admin');

/** {eid}/store-customer/user/… (trade-area spec §7 "Store customer"): administrators only. */
export const companyUserRoutes: FastifyPluginAsyncZod<{ service: CompanyUserService }> = async (
  app,
  { service },
) => {
  app.get(
    '/store-customer/user/',
    {
      config: adminOnly,
      schema: {
        tags: ['trade'],
        summary: "The company's users, with search on name and e-mail",
        params: EidParamsSchema,
        querystring: StoreCustomerUserListQuerySchema,
        response: { 200: StoreCustomerUserPageSchema, ...errors },
      },
    },
    async (request) => service.list(tradeAccess(request), request.query, request.url),
  );

  app.post(
    '/store-customer/user/',
    {
      config: adminOnly,
      schema: {
        tags: ['trade'],
        summary: 'Add a user to the company',
        params: EidParamsSchema,
        body: StoreCustomerUserCreateSchema,
        response: { 201: StoreCustomerUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await service.create(tradeAccess(request), request.body);
      return reply.code(201).send(user);
    },
  );

  app.get(
    '/store-customer/user/:id/',
    {
      config: adminOnly,
      schema: {
        tags: ['trade'],
        summary: 'One user of the company',
        params: UserIdParamsSchema,
        response: { 200: StoreCustomerUserSchema, ...errors },
      },
    },
    async (request) => service.get(tradeAccess(request), request.params.id),
  );

  app.patch(
    '/store-customer/user/:id/',
    {
      config: adminOnly,
      schema: {
        tags: ['trade'],
        summary: "Change a user's name, role, rights, region or active state",
        params: UserIdParamsSchema,
        body: StoreCustomerUserPatchSchema,
        response: { 200: StoreCustomerUserSchema, ...errors },
      },
    },
    async (request) => service.update(tradeAccess(request), request.params.id, request.body),
  );

  app.delete(
    '/store-customer/user/:id/',
    {
      config: adminOnly,
      schema: {
        tags: ['trade'],
        summary: 'Remove a user from the company',
        params: UserIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(tradeAccess(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
