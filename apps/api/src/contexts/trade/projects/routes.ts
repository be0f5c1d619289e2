import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  ProjectCreateSchema,
  ProjectFileListSchema,
  ProjectFileParamsSchema,
  ProjectFileQuerySchema,
  ProjectListQuerySchema,
  ProjectPageSchema,
  ProjectParamsSchema,
  ProjectPatchSchema,
  ProjectPutSchema,
  ProjectSchema,
  ProjectUsersUpdateSchema,
  ProjectZipSchema,
} from '@bygg/contracts/trade/projects';
import { registerMultipart } from '../../../lib/uploads/receive.ts';
import { requires, tradeAccess } from '../store-access/guard.ts';
import type { ProjectService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const uploadErrors = { ...errors, 413: ApiErrorSchema };
const projectsRight = requires('projects');

/** A multipart upload has no JSON body to validate: the upload library checks every file. */
const multipartBody = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data with one or more files (field "file"); the type is detected from the bytes, at most 20 MB per file and 10 files',
};

/**
 * {eid}/project/… (trade-area spec §7 "Projects", issue 18): the projects right for every
 * call, the administrator for the access assignment. A project the caller may not see
 * (another company's, another store's, or one without access) is 404.
 */
export const projectRoutes: FastifyPluginAsyncZod<{ service: ProjectService }> = async (
  app,
  { service },
) => {
  await registerMultipart(app);

  app.get(
    '/project/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'The projects the user may see in the store, with search and status filter',
        params: EidParamsSchema,
        querystring: ProjectListQuerySchema,
        response: { 200: ProjectPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(tradeAccess(request), request.query, request.url);
    },
  );

  app.post(
    '/project/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'Create a project (the creator gets access)',
        params: EidParamsSchema,
        body: ProjectCreateSchema,
        response: { 201: ProjectSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(tradeAccess(request), request.body)),
  );

  app.get(
    '/project/:id/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'A project: fields, users with access, counts and the job cost',
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(tradeAccess(request), request.params.id);
    },
  );

  app.put(
    '/project/:id/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'Replace the project’s fields',
        params: ProjectParamsSchema,
        body: ProjectPutSchema,
        response: { 200: ProjectSchema, ...errors },
      },
    },
    async (request) => service.replace(tradeAccess(request), request.params.id, request.body),
  );

  app.patch(
    '/project/:id/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'Change some of the project’s fields (e.g. status finished)',
        params: ProjectParamsSchema,
        body: ProjectPatchSchema,
        response: { 200: ProjectSchema, ...errors },
      },
    },
    async (request) => service.patch(tradeAccess(request), request.params.id, request.body),
  );

  app.put(
    '/project/:id/users/',
    {
      config: requires('admin'),
      schema: {
        tags: ['trade'],
        summary: 'Project access assignment: exactly these users of the company have access',
        params: ProjectParamsSchema,
        body: ProjectUsersUpdateSchema,
        response: { 200: ProjectSchema, ...errors },
      },
    },
    async (request) =>
      service.setUsers(tradeAccess(request), request.params.id, request.body.user_ids),
  );

  app.get(
    '/project/:id/image/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'The project’s images, newest first',
        params: ProjectParamsSchema,
        response: { 200: ProjectFileListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.files(tradeAccess(request), request.params.id, 'image');
    },
  );

  app.post(
    '/project/:id/image/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'Upload images (any image type; thumbnails are made on the server)',
        ...multipartBody,
        params: ProjectParamsSchema,
        response: { 201: ProjectFileListSchema, ...uploadErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.upload(tradeAccess(request), request.params.id, 'image', request)),
  );

  app.get(
    '/project/:id/attachments/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'The project’s documents, newest first',
        params: ProjectParamsSchema,
        response: { 200: ProjectFileListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.files(tradeAccess(request), request.params.id, 'document');
    },
  );

  app.post(
    '/project/:id/attachments/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary:
          'Upload documents (Word, PDF, Excel, OpenDocument text and spreadsheet, CSV, text, images)',
        ...multipartBody,
        params: ProjectParamsSchema,
        response: { 201: ProjectFileListSchema, ...uploadErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.upload(tradeAccess(request), request.params.id, 'document', request)),
  );

  app.post(
    '/project/:id/attachments/download/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'The project’s documents (all, or the chosen ids) as one zip file',
        params: ProjectParamsSchema,
        body: ProjectZipSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      service.sendDocumentsZip(tradeAccess(request), reply, request.params.id, request.body?.ids),
  );

  app.get(
    '/project/:id/file/:file_id/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'A file of the project (documents always as an attachment)',
        params: ProjectFileParamsSchema,
        querystring: ProjectFileQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      service.sendFile(
        tradeAccess(request),
        reply,
        request.params.id,
        request.params.file_id,
        request.query.download === '1',
      ),
  );

  app.get(
    '/project/:id/file/:file_id/thumbnail/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'The thumbnail of an image (WebP)',
        params: ProjectFileParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      service.sendThumbnail(tradeAccess(request), reply, request.params.id, request.params.file_id),
  );

  app.delete(
    '/project/:id/file/:file_id/',
    {
      config: projectsRight,
      schema: {
        tags: ['trade'],
        summary: 'Remove a file (its uploader or an administrator)',
        params: ProjectFileParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeFile(tradeAccess(request), request.params.id, request.params.file_id);
      return reply.code(204).send(null);
    },
  );
};
