/**
 * The building blocks of the API contract. Every endpoint of the product is declared once with
 * `endpoint()`; the server validates against the declaration, the web client derives its typed call
 * from it, and the OpenAPI document is generated from it. No DOM and no Node APIs in this folder.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * How the request travels. GET always uses `query`. POST uses `form` (urlencoded) unless declared
 * `json`; the server accepts both for every POST. `multipart` is for uploads.
 */
export type Encoding = 'query' | 'form' | 'json' | 'multipart';

/**
 * `bearer`: an access token is required. `client`: the Basic authorization of a registered client
 * (token-issuing calls). `none`: public.
 */
export type AuthKind = 'bearer' | 'client' | 'none';

/**
 * What a successful answer is: the JSON envelope (default), an image, a file download, or a stream
 * of Server-Sent Events (the live stream; errors before it opens are still envelopes).
 */
export type AnswerKind = 'json' | 'image' | 'file' | 'stream';

export interface EndpointDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** `<domain>.<name>`, unique; also the operation-log action name. */
  id: string;
  method: HttpMethod;
  path: `/api/${string}`;
  encoding: Encoding;
  auth: AuthKind;
  /**
   * Bearer endpoints: the permission key a sub-account needs (permissions.ts; main accounts hold
   * every key), or `main` (main account only) or `any` (every signed-in user). The registrar
   * enforces it on every request; an endpoint declaring nothing is main-only.
   */
  permission?: string;
  /** Money-moving calls honour the `Idempotency-Key` header. */
  idempotent?: boolean;
  answer?: AnswerKind;
  /** The media types an `image` or `file` answer comes in (the OpenAPI document lists them). */
  media?: readonly string[];
  /**
   * Statuses this call answers besides those of its kind (OpenAPI, server/lib/openapi.ts): 403 a
   * frozen account signing in or refreshing, 404 an unknown invitation, 423 a locked sign-in, 428
   * a second factor or code asked for, 503 the issuer unavailable. The harness checks every answer
   * a server test gets against the document (src/server/testing/openapi-answers.ts).
   */
  answers?: readonly (403 | 404 | 423 | 428 | 503)[];
  /** State-changing calls are written to the operation log; defaults to true for bearer POSTs. */
  audited?: boolean;
  summary: string;
  request: Req;
  response: Res;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  def: EndpointDef<Req, Res>,
): EndpointDef<Req, Res> {
  return def;
}

export type RequestOf<E> = E extends EndpointDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type ParsedRequestOf<E> = E extends EndpointDef<infer Req, z.ZodType> ? z.output<Req> : never;
export type ResponseOf<E> = E extends EndpointDef<z.ZodType, infer Res> ? z.output<Res> : never;

export function isAudited(def: EndpointDef): boolean {
  return def.audited ?? (def.method === 'POST' && def.auth === 'bearer');
}

/** The answer codes of api-conventions.md. HTTP status equals the code where it is an HTTP status. */
export const Code = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  timeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  unprocessable: 422,
  locked: 423,
  needStep: 428,
  rateLimited: 429,
  noPermission: 4030,
  serverError: 500,
  /** A system the answer needs (the object store, the database) is down; `Retry-After` says when to ask again. */
  unavailable: 503,
  accessExpired: 600,
  refreshExpired: 610,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  path: string;
}

/** Media types of downloads: spreadsheets by their `format`, uploaded images as they were sniffed. */
export const XLSX_MEDIA = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SPREADSHEET_MEDIA = [XLSX_MEDIA, 'text/csv'] as const;
export const IMAGE_MEDIA = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'] as const;
export const SVG_MEDIA = ['image/svg+xml'] as const;

/** Empty success payload. */
export const nothing = z.null();

/** Paged request and answer of api-conventions.md ("Pages"). */
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Money in the minor units of its currency (ISO 4217: hundredths of CNY and USD, whole yen; contract/minor-units.ts), always with its currency. */
export const currencyCode = z.enum([
  'CNY',
  'USD',
  'GBP',
  'EUR',
  'JPY',
  'AUD',
  'HKD',
  'CAD',
  'KRW',
  'INR',
  'IDR',
]);
export type CurrencyCode = z.infer<typeof currencyCode>;
export const minorUnits = z.number().int();

/** ISO-8601 timestamp with offset. */
export const isoTime = z.string();
