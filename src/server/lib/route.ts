/**
 * Binds a contract endpoint to its handler: parses the request by the declared encoding, validates
 * it, checks the client or bearer authorization, runs the handler, writes the operation log for
 * state-changing calls, and answers in the envelope. Every API route goes through here.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { WEB_CLIENT_ID } from '../../contract/auth-clients';
// Every request this server parses is checked against the common-password list (password-rules.ts).
import '../../contract/common-passwords';
import type { EndpointDef, ParsedRequestOf, ResponseOf } from '../../contract/core';
import { Code, isAudited } from '../../contract/core';
import type { AppContext } from '../context';
import { operationLogs } from '../db/schema';
import { refuseDeepBody, UNSTORABLE } from './body-shape';
import { newId, safeEqual } from './crypto';
import { AppError, fail } from './errors';
import { envelope, errorEnvelope } from './envelope';
import type { Lang } from './i18n';
import { hasMessage, langFromHeader, translate } from './i18n';
import type { StoredAnswer } from './idempotency';
import {
  claimKey,
  finishKey,
  isDeliberate,
  readIdempotencyKey,
  releaseKey,
  requestHashOf,
} from './idempotency';
import type { SessionPrincipal } from './session';
import { authenticate } from './session';
import { enforceAccess } from './access';
import type { AuditSubject } from './audit-subject';
import { subjectFrom, subjectOfAnswer } from './audit-subject';

export interface Call {
  app: AppContext;
  hono: Context;
  lang: Lang;
  ip: string;
  device: string;
  /** Set on bearer endpoints. */
  principal: SessionPrincipal | null;
  /** Set on client-authorised endpoints. */
  clientId: string | null;
  /**
   * The account an unauthenticated state change acted on (sign-up, password reset), so the operation
   * log can name it. Bearer calls log their principal automatically.
   */
  actingAccountId: string | null;
  /**
   * The `Idempotency-Key` header of an idempotent (money-moving) endpoint, checked for shape. The
   * registrar replays answers by it; handlers also build their ledger and order keys from it, so a
   * retry cannot move money twice even if the stored answer were lost.
   */
  idempotencyKey: string | null;
  /** What the operation log should record of the change (e.g. permissions before and after). */
  auditDetail?: Record<string, unknown>;
  /**
   * The cards or the order the call concerned (lib/audit-subject.ts). Filled from the request's or
   * the answer's `cardId`, `cardIds` or `orderId` unless the handler names it.
   */
  auditSubject?: AuditSubject | null;
}

/**
 * A handler answers the response schema's data, or a ready `Response` (image and file answers; the
 * registrar passes it through). `endpoint()` widens `answer` to `AnswerKind | undefined`, so the
 * type cannot pick one of the two from the declaration: both are allowed.
 */
export type Handler<E extends EndpointDef> = (
  input: ParsedRequestOf<E>,
  call: Call,
) => Promise<ResponseOf<E> | Response>;

export type Registrar = <E extends EndpointDef>(def: E, handler: Handler<E>) => void;

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}

export async function readInput(c: Context, def: Pick<EndpointDef, 'method'>): Promise<unknown> {
  if (def.method === 'GET') return c.req.query();
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = await c.req.json();
    } catch {
      throw fail.badRequest('server:errors.malformedBody');
    }
    // Before anything recursive walks it (the unstorable-character check, zod).
    refuseDeepBody(parsed);
    return parsed;
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    try {
      return await c.req.parseBody();
    } catch {
      throw fail.badRequest('server:errors.malformedBody');
    }
  }
  // An empty POST is an empty form; anything else is a type we do not speak.
  const body = await c.req.text();
  if (body.trim() === '') return {};
  throw fail.badRequest('server:errors.unsupportedType');
}

/** The paths of every string in `value` that holds an unstorable character. */
export function unstorableFields(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return UNSTORABLE.test(value) || UNSTORABLE.test(path) ? [path || '_'] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableFields(item, `${path}.${index}`));
  if (value && typeof value === 'object' && !(value instanceof Blob))
    return Object.entries(value).flatMap(([key, item]) =>
      unstorableFields(item, path ? `${path}.${key}` : key),
    );
  return [];
}

/**
 * 400 at the contract boundary for NUL bytes and lone surrogates in any field (issue 13 §3): they
 * used to reach the database, fail there with a 500 and print the statement to the log.
 */
export function refuseUnstorable(input: unknown, lang: Lang): void {
  const fields = unstorableFields(input);
  if (fields.length === 0) return;
  const field = fields[0]!;
  const label = translate(lang, `server:fields.${field}`);
  throw new AppError(
    Code.badRequest,
    'server:errors.badCharacters',
    { fields },
    {
      field: label.startsWith('server:') ? field : label,
    },
  );
}

/** A validation failure names the field in the user's language and lists the fields (conventions). */
export function validationError(error: z.ZodError, lang: Lang): AppError {
  const fields = [...new Set(error.issues.map((i) => i.path.join('.') || '_'))];
  const first = error.issues[0];
  const field = first?.path.join('.') ?? '';
  const key = first && hasMessage(first.message) ? first.message : 'common:validation.invalidField';
  const label = translate(lang, `server:fields.${field}`);
  return new AppError(
    Code.badRequest,
    key,
    { fields },
    { field: label.startsWith('server:') ? field : label },
  );
}

function checkClient(c: Context, app: AppContext): string {
  const header = c.req.header('authorization') ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw fail.unauthorized('server:errors.badClient');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  const id = decoded.slice(0, at);
  // The PWA is a public client (RFC 6749 §2.1): known by its id; what follows the colon is public.
  if (id === WEB_CLIENT_ID) return id;
  const secret = app.clients.get(id);
  if (at < 1 || secret === undefined || !safeEqual(secret, decoded.slice(at + 1))) {
    throw fail.unauthorized('server:errors.badClient');
  }
  return id;
}

/** The token of an `Authorization: Bearer …` header (customer and operator calls alike). */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

export function createRegistrar(api: Hono, app: AppContext): Registrar {
  return (def, handler) => {
    const method = def.method === 'GET' ? 'get' : 'post';
    api[method](def.path, async (c) => {
      const call: Call = {
        app,
        hono: c,
        lang: langFromHeader(c.req.header('accept-language')),
        ip: clientAddress(c, app.env.TRUST_PROXY === '1'),
        device: (c.req.header('user-agent') ?? 'unknown').slice(0, 200),
        principal: null,
        clientId: null,
        actingAccountId: null,
        idempotencyKey: null,
      };
      let code: number = Code.ok;
      let requestSubject: AuditSubject | null = null;
      try {
        if (def.auth === 'client') call.clientId = checkClient(c, app);
        if (def.auth === 'bearer') {
          call.principal = await authenticate(app, bearerToken(c));
          enforceAccess(def, call.principal);
        }
        const raw = await readInput(c, def);
        refuseUnstorable(raw, call.lang);
        const parsed = def.request.safeParse(raw);
        if (!parsed.success) throw validationError(parsed.error, call.lang);
        const input = parsed.data as ParsedRequestOf<typeof def>;
        requestSubject = subjectFrom(input);
        if (def.idempotent && call.principal) {
          call.idempotencyKey = readIdempotencyKey(c.req.header('idempotency-key'));
          if (call.idempotencyKey) return await runOnce(def, handler, input, call, call.principal.accountId);
        }
        const result = await handler(input, call);
        if (result instanceof Response) return result;
        // Only the operation log reads it: a read (not audited) need not search its answer for ids.
        if (isAudited(def)) call.auditSubject ??= requestSubject ?? subjectOfAnswer(result);
        return envelope(c, Code.ok, translate(call.lang, 'server:ok'), result);
      } catch (error) {
        const answer = errorEnvelope(c, error, call.lang, app.log);
        code = answer.code;
        return answer.response;
      } finally {
        call.auditSubject ??= requestSubject;
        await writeOperationLog(def, call, code);
      }
    });
  };
}

/**
 * Runs an idempotent call once per key (lib/idempotency.ts): a replay answers the stored envelope
 * (same code, same data) without running the handler; the first run stores its answer, or releases
 * the key when it failed unexpectedly.
 */
async function runOnce<E extends EndpointDef>(
  def: E,
  handler: Handler<E>,
  input: ParsedRequestOf<E>,
  call: Call,
  accountId: string,
): Promise<Response> {
  const key = call.idempotencyKey!;
  const claim = await claimKey(call.app, {
    accountId,
    key,
    endpointId: def.id,
    requestHash: await requestHashOf(def.id, input),
  });
  if (claim.kind === 'replay') {
    call.hono.header('Idempotent-Replayed', 'true');
    return envelope(call.hono, claim.answer.code, claim.answer.msg, claim.answer.data);
  }
  let answer: StoredAnswer;
  try {
    const result = await handler(input, call);
    if (result instanceof Response) throw new Error(`idempotent endpoint ${def.id} answered a raw Response`);
    call.auditSubject ??= subjectFrom(input) ?? subjectOfAnswer(result);
    answer = { code: Code.ok, msg: translate(call.lang, 'server:ok'), data: result ?? null };
  } catch (error) {
    if (!isDeliberate(error)) {
      await releaseKey(call.app, accountId, key, claim.claimedAt);
      throw error;
    }
    answer = {
      code: error.code,
      msg: translate(call.lang, error.messageKey, error.params),
      data: error.data,
    };
    await finishKey(call.app, accountId, key, claim.claimedAt, answer);
    throw error;
  }
  await finishKey(call.app, accountId, key, claim.claimedAt, answer);
  return envelope(call.hono, answer.code, answer.msg, answer.data);
}

async function writeOperationLog(def: EndpointDef, call: Call, code: number): Promise<void> {
  const accountId = call.principal?.accountId ?? call.actingAccountId;
  if (!isAudited(def) || !accountId) return;
  try {
    await call.app.database.db.insert(operationLogs).values({
      id: newId(),
      accountId,
      subAccountId: call.principal?.subAccountId ?? null,
      action: def.id,
      result: code === Code.ok ? 'success' : 'failure',
      code,
      ip: call.ip,
      device: call.device,
      detail: call.auditDetail ?? null,
      subjectKind: call.auditSubject?.kind ?? null,
      subjectIds: call.auditSubject?.ids ?? null,
      createdAt: call.app.now(),
    });
  } catch (error) {
    call.app.log.error('operation log write failed', { action: def.id, error: String(error) });
  }
}
