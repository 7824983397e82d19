/** The OpenAPI document, generated from the contract so it cannot drift from what the server checks. */
import { z } from 'zod';
import type { EndpointDef } from '../../contract/core';

function schemaOf(type: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(type, { io, unrepresentable: 'any' });
}

const MEDIA: Record<EndpointDef['encoding'], string> = {
  query: 'application/x-www-form-urlencoded',
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
};

export function buildOpenApi(endpoints: readonly EndpointDef[]): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of endpoints) {
    const request = schemaOf(def.request, 'input');
    const operation: Record<string, unknown> = {
      operationId: def.id,
      summary: def.summary,
      tags: [def.id.split('.')[0]],
      security: def.auth === 'bearer' ? [{ bearer: [] }] : def.auth === 'client' ? [{ client: [] }] : [],
      responses: {
        200: {
          description: 'Envelope { code, msg, data, path }; data below when code is 200.',
          content:
            def.answer === 'image'
              ? { 'image/svg+xml': {} }
              : def.answer === 'file'
                ? { 'application/octet-stream': {} }
                : def.answer === 'stream'
                  ? { 'text/event-stream': {} }
                  : { 'application/json': { schema: envelopeSchema(schemaOf(def.response, 'output')) } },
        },
      },
    };
    if (def.method === 'GET') {
      const properties = (request as { properties?: Record<string, unknown> }).properties ?? {};
      const required = new Set((request as { required?: string[] }).required ?? []);
      operation.parameters = Object.entries(properties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else {
      operation.requestBody = {
        content: { [MEDIA[def.encoding]]: { schema: request }, 'application/json': { schema: request } },
      };
    }
    paths[def.path] = { ...paths[def.path], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Card Portal API', version: '1.0.0' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        client: { type: 'http', scheme: 'basic', description: 'Registered client id and secret' },
      },
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
