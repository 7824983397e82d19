/**
 * Every answer a server test receives through the harness (`api()`) is checked against the OpenAPI
 * document (issue 30): its status must be one the operation declares, and its body must match that
 * status's schema (with ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). So the document cannot claim
 * what the server does not answer, for every endpoint the tests call.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { EndpointDef } from '../../contract/core';
import { allEndpoints } from '../../contract/index';
import { buildOpenApi } from '../lib/openapi';

interface Response {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { responses: Record<string, Response> };
}

let document: Document | undefined;
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv2020({ allErrors: true, strict: false, formats: { binary: true } });
addFormats(ajv);

/** Nested `$schema` keys (each zod schema names its dialect) mean nothing inside the document. */
function withoutDialect(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDialect);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== '$schema')
      .map(([key, value]) => [key, withoutDialect(value)]),
  );
}

function validatorFor(def: EndpointDef, status: number): ValidateFunction {
  const key = `${def.id} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  document ??= buildOpenApi(allEndpoints) as Document;
  const operation = document.paths[def.path]?.[def.method.toLowerCase()];
  if (!operation) throw new Error(`${def.id}: not in the OpenAPI document`);
  let response = operation.responses[String(status)];
  if (response?.$ref) response = document.components.responses[response.$ref.split('/').pop()!];
  if (!response)
    throw new Error(
      `${def.id} answered ${status}, which the OpenAPI document does not declare ` +
        `(it declares ${Object.keys(operation.responses).join(', ')})`,
    );
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${def.id} answered JSON with ${status}, declared without a JSON body`);
  const validate = ajv.compile(withoutDialect(schema) as object);
  validators.set(key, validate);
  return validate;
}

/** Throws, saying where, when an answer is not what the document says this call answers. */
export function checkAnswer(def: EndpointDef, status: number, body: unknown): void {
  const validate = validatorFor(def, status);
  if (validate(body)) return;
  const where = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
    .join('; ');
  throw new Error(`${def.id} answered ${status} with a body the OpenAPI document refuses: ${where}`);
}
