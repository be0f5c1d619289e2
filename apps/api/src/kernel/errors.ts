import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler as zodValidatorCompiler,
} from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { ApiError } from '@bygg/contracts/common';
import { findUnsafeText, isOutOfRangeIdIssue } from '@bygg/contracts/input';

/** One wrong input, named the way a client sent it: `query.count`, `body.uri`, `headers.x-organisation`. */
export type FieldError = { path: string; message: string };

/**
 * Domain code throws these; the one error handler below maps them to HTTP statuses.
 * Guards throw, they never reply themselves (house style, API section).
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  abstract readonly error: string;

  /**
   * What the reply body carries besides statusCode, error, message and fields, for the few
   * replies the specification gives more (a checkout conflict's failures, a gift card's
   * reason). The route's response schema for the status must name these keys.
   */
  extraBody(): Record<string, unknown> {
    return {};
  }
}

/**
 * The base of a DomainError with a fixed status and error name and a default message:
 * `class GoneError extends fixedStatusError(410, 'Gone', 'Finns inte längre') {}`. The
 * error's name is its class's.
 */
export function fixedStatusError(statusCode: number, error: string, defaultMessage?: string) {
  return class extends DomainError {
    readonly statusCode = statusCode;
    readonly error = error;
    constructor(message = defaultMessage ?? error) {
      super(message);
      this.name = new.target.name;
    }
  };
}

/** Not logged in (a call that needs a session). Logged in without the right: ForbiddenError. */
export class UnauthorizedError extends fixedStatusError(401, 'Unauthorized', 'Du måste logga in') {}

export class BadRequestError extends DomainError {
  readonly statusCode = 400;
  readonly error = 'Bad Request';
  constructor(
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'BadRequestError';
  }
}

export class NotFoundError extends fixedStatusError(404, 'Not Found', 'Hittades inte') {}

export class ForbiddenError extends fixedStatusError(
  403,
  'Forbidden',
  'Du har inte behörighet till detta',
) {}

export class ConflictError extends fixedStatusError(409, 'Conflict') {}

/**
 * An operation not allowed in the entity's current state (e.g. accepting an expired offer).
 * 409 when the state may change under the caller, 422 when the request can never succeed.
 */
export class InvalidStateError extends DomainError {
  readonly error: string;
  constructor(
    message: string,
    readonly statusCode: 409 | 422 = 409,
  ) {
    super(message);
    this.name = 'InvalidStateError';
    this.error = statusCode === 409 ? 'Conflict' : 'Unprocessable Entity';
  }
}

/**
 * The specification's cart answers 428 for "too many requests" (storefront §4 and §8), and the
 * storefront shows a dedicated message for it, so we keep that status rather than 429.
 */
export class TooManyRequestsError extends fixedStatusError(
  428,
  'Too Many Requests',
  'För många förfrågningar, försök igen om en stund',
) {}

export const INTERNAL_ERROR_MESSAGE = 'Ett oväntat fel inträffade. Försök igen senare.';

const VALIDATION_CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

const escapePointer = (segment: PropertyKey) =>
  String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The zod validator compiler of every route, with the input rules all routes share
 * (`@bygg/contracts/input`, ADR 023): a string with a NUL or a lone surrogate anywhere in
 * params, query or body is a 400 naming it before the route's schema runs, and a path id
 * beyond PostgreSQL's integer is a 404. Each error's instancePath is a proper JSON pointer:
 * the library joins the path with '/', which garbles keys that hold a '/' (content-service
 * uris).
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const context = VALIDATION_CONTEXT_NAMES[route.httpPart ?? ''] ?? 'request';
  return (data) => {
    const unsafe = findUnsafeText(data);
    if (unsafe) {
      const path = [context, ...unsafe.path].join('.');
      return {
        error: new BadRequestError(`${path}: ${unsafe.message}`, [
          { path, message: unsafe.message },
        ]),
      };
    }
    const result = validate(data);
    if (typeof result !== 'object' || !('error' in result) || !Array.isArray(result.error)) {
      return result;
    }
    // Only on the error path: parse again to read the issues' original paths.
    const issues = safeParse(route.schema, data).error?.issues ?? [];
    if (route.httpPart === 'params' && issues.some(isOutOfRangeIdIssue)) {
      return { error: new NotFoundError() };
    }
    result.error.forEach((error, i) => {
      const issue = issues[i];
      if (issue) error.instancePath = issue.path.map((p) => `/${escapePointer(p)}`).join('');
    });
    return result;
  };
};

function joinPath(context: string, instancePath: string): string {
  const rest = instancePath.split('/').slice(1).map(unescapePointer).join('.');
  return rest ? `${context}.${rest}` : context;
}

/** The JSON body of every error reply (the central handler, the 404 handler, the startup gate). */
export function errorBody(
  statusCode: number,
  error: string,
  message: string,
  fields?: FieldError[],
): ApiError {
  return fields && fields.length > 0
    ? { statusCode, error, message, fields }
    : { statusCode, error, message };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Too Many Requests',
  429: 'Too Many Requests',
};

/** Maps any thrown value to the reply body and status; exported for tests of the mapping itself. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof DomainError) {
    return {
      ...errorBody(
        err.statusCode,
        err.error,
        err.message,
        err instanceof BadRequestError ? err.fields : undefined,
      ),
      ...err.extraBody(),
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = VALIDATION_CONTEXT_NAMES[err.validationContext ?? ''] ?? 'request';
    const fields = err.validation.map((issue) => ({
      path: joinPath(context, issue.instancePath),
      message: issue.message ?? 'Ogiltigt värde',
    }));
    const message = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
    return errorBody(400, 'Bad Request', message, fields);
  }
  const fastifyError = err as Partial<FastifyError> | null;
  const statusCode = fastifyError?.statusCode;
  // Fastify's own client errors (malformed JSON, wrong content type, too large body) are safe to show.
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return errorBody(
      statusCode,
      STATUS_NAMES[statusCode] ?? 'Bad Request',
      fastifyError?.message ?? 'Ogiltig förfrågan',
    );
  }
  return errorBody(500, 'Internal Server Error', INTERNAL_ERROR_MESSAGE);
}

/** The one error handler and the JSON 404 for unknown API paths. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toApiError(err);
    if (body.statusCode >= 500) {
      request.log.error({ err }, 'request failed');
    } else {
      request.log.info({ statusCode: body.statusCode, fields: body.fields }, body.message);
    }
    return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body = errorBody(
      404,
      'Not Found',
      `Ingen resurs på ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.code(404).type('application/json; charset=utf-8').send(body);
  });
}
