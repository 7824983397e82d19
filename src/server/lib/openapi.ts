/**
 * The OpenAPI document, generated from the contract so it cannot drift from what the server checks
 * (issue 13 §3): every endpoint with its request schema, the `Idempotency-Key` header where it is
 * honoured, the statuses it really answers (the envelope's code is the HTTP status for those), the
 * binary `file` field of uploads, the media types of downloads, and the plain-route upload
 * `/file/pub/upload`. An independent linter (`@redocly/cli lint`) checks it in openapi.test.ts.
 */
import { z } from 'zod';
import type { EndpointDef } from '../../contract/core';

const FORM = 'application/x-www-form-urlencoded';
const MEDIA: Record<EndpointDef['encoding'], string> = {
  query: FORM,
  form: FORM,
  json: 'application/json',
  multipart: 'multipart/form-data',
};

/**
 * A file field (`z.instanceof(File)`) is a binary string in the document, not "anything". Other
 * custom checks say what they are in their metadata (a money amount: an integer of minor units,
 * contract/fields.ts `minorAmount`) and keep it.
 */
function schemaOf(type: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(type, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'custom' && ctx.jsonSchema.type === undefined)
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'binary' });
    },
  }) as Record<string, unknown>;
}

/** The statuses a call may answer besides 200, each with the envelope and what it means. */
const STATUS_TEXT: Record<number, string> = {
  400: 'The request is malformed; `msg` names the field in the reader’s language.',
  401: 'No valid session or client credentials.',
  403: 'The session may not make this call (permission, or a frozen account).',
  404: 'A named object (card, order, group, role…) does not exist or is not the caller’s.',
  409: 'A conflict: an Idempotency-Key reused for a different request, a call still in progress, or a changed price.',
  413: 'The uploaded file is too large.',
  422: 'A business rule refuses the call; `msg` says which.',
  423: 'Sign-in is locked after repeated failures; `data.retryAfter` says for how many seconds.',
  428: 'A step-up re-authentication is needed first; `data.stepUp` names its purpose.',
  429: 'Too many requests; `msg` says when to try again.',
  500: 'An unexpected failure; nothing was changed.',
  503: 'The card issuer is unavailable; nothing was charged.',
};

/** A request field naming an object of the caller's (`cardId`, `orderIds`, `id`): it may be unknown. */
const NAMES_AN_OBJECT = /^(id|ids|gid|\w+Ids?)$/;

function statusesOf(def: EndpointDef, fields: readonly string[]): number[] {
  const statuses = [400, 429, 500];
  if (def.auth !== 'none') statuses.push(401);
  if (def.auth === 'bearer') statuses.push(403);
  // A rule or a conflict can refuse any call: the spec's GETs send codes, take offers and name
  // objects (an unknown notice is 422), downloads check e-mail codes.
  statuses.push(409, 422);
  if (def.encoding === 'multipart') statuses.push(413);
  // A step-up grant is kept by the session (lib/step-up.ts), so a bearer call may ask for one
  // without a ticket field of its own (the e-mail change).
  if (def.auth === 'bearer' || fields.includes('stepUpTicket')) statuses.push(428);
  if (def.auth === 'bearer' && fields.some((field) => NAMES_AN_OBJECT.test(field))) statuses.push(404);
  statuses.push(...(def.answers ?? []));
  return [...new Set(statuses)].sort((a, b) => a - b);
}

function successContent(def: EndpointDef): Record<string, unknown> {
  if (def.answer === 'image' || def.answer === 'file') {
    const binary = { schema: { type: 'string', format: 'binary' } };
    return Object.fromEntries((def.media ?? ['application/octet-stream']).map((media) => [media, binary]));
  }
  if (def.answer === 'stream') return { 'text/event-stream': { schema: { type: 'string' } } };
  return { 'application/json': { schema: envelopeSchema(schemaOf(def.response, 'output')) } };
}

function operationOf(def: EndpointDef): Record<string, unknown> {
  const request = schemaOf(def.request, 'input');
  const properties = (request.properties ?? {}) as Record<string, unknown>;
  const fields = Object.keys(properties);
  const responses: Record<string, unknown> = {
    200: {
      description:
        def.answer === 'file' || def.answer === 'image'
          ? 'The file; a refusal answers the JSON envelope with its status instead.'
          : def.answer === 'stream'
            ? 'Server-Sent Events; a refusal before the stream opens answers the JSON envelope.'
            : 'Envelope { code, msg, data, path }; data below when code is 200.',
      content: successContent(def),
    },
  };
  for (const status of statusesOf(def, fields))
    responses[status] = { $ref: `#/components/responses/E${status}` };

  const parameters: unknown[] = [];
  if (def.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const operation: Record<string, unknown> = {
    operationId: def.id,
    summary: def.summary,
    tags: [def.id.split('.')[0]],
    security: def.auth === 'bearer' ? [{ bearer: [] }] : def.auth === 'client' ? [{ client: [] }] : [],
    responses,
  };
  if (def.method === 'GET') {
    const required = new Set((request.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(properties))
      parameters.push({ name, in: 'query', required: required.has(name), schema });
  } else {
    const content: Record<string, unknown> = { [MEDIA[def.encoding]]: { schema: request } };
    // Form calls also take the same fields as JSON (api-conventions.md "Encodings").
    if (def.encoding === 'form') content['application/json'] = { schema: request };
    operation.requestBody = { required: true, content };
  }
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

/** `POST /file/pub/upload` is a plain route (its answer is the spec's `{ errcode, errmsg, data }`). */
const PUBLIC_UPLOAD = {
  post: {
    operationId: 'file.pubUpload',
    summary:
      'Upload an image (JPG, GIF, PNG or BMP by content); the answer is the spec’s { errcode, errmsg, data }.',
    tags: ['file'],
    security: [{ bearer: [] }],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
    responses: {
      200: {
        description: '`errcode` "0" with the stored file, or "500" with the reason in `errmsg`.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['errcode'],
              properties: {
                errcode: { type: 'string', enum: ['0', '500'] },
                errmsg: { type: 'string' },
                data: {
                  type: 'object',
                  properties: { fileId: { type: 'string' }, url: { type: 'string' } },
                },
              },
            },
          },
        },
      },
      401: { description: 'No valid session; the same `{ errcode, errmsg }` shape.' },
      413: { description: 'The file is too large; the same `{ errcode, errmsg }` shape.' },
    },
  },
};

export function buildOpenApi(endpoints: readonly EndpointDef[]): unknown {
  const paths: Record<string, Record<string, unknown>> = { '/file/pub/upload': PUBLIC_UPLOAD };
  for (const def of endpoints)
    paths[def.path] = { ...paths[def.path], [def.method.toLowerCase()]: operationOf(def) };
  const tags = [...new Set(endpoints.map((def) => def.id.split('.')[0]!)), 'file'].map((name) => ({
    name,
    description: `The ${name} calls.`,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Card Portal API',
      version: '1.0.0',
      description: 'The API of the Card Portal PWA, generated from its contract.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [...new Map(tags.map((tag) => [tag.name, tag])).values()],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        client: { type: 'http', scheme: 'basic', description: 'Registered client id and secret' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a money-moving call safe to retry: the same key answers the first outcome again. ' +
            '8 to 100 letters, digits, `-` and `_`. Batch openings require it (it is the batch id).',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
        },
      },
      responses: Object.fromEntries(
        Object.entries(STATUS_TEXT).map(([status, description]) => [
          `E${status}`,
          { description, content: { 'application/json': { schema: envelopeSchema({}) } } },
        ]),
      ),
    },
    paths,
  };
}

function envelopeSchema(data: unknown): unknown {
  return {
    type: 'object',
    required: ['code', 'msg', 'data', 'path'],
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data, path: { type: 'string' } },
  };
}
