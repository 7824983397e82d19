/**
 * Role × endpoint (issue 31 §1): every console call of the contract, for every role, a customer
 * token and no token. The list is `operatorEndpoints` itself: a call added to the contract is covered
 * here with no entry of its own. The one table below, SAMPLES, may give a call a valid request so
 * that an allowed role gets past validation too; a call without one is sent an empty request (the
 * permission is checked before the request is read, so a refused role never reaches validation).
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../contract';
import type { OperatorEndpointDef } from '../../../contract/operator';
import { consoleEndpoints as operatorEndpoints } from '../../../contract/console-endpoints';
import { OPERATOR_ROLES, roleHolds } from '../../../contract/operator';
import { Code } from '../../../contract/core';
import { operatorAudit } from '../../db/schema';
import { fileTestApp, fileSignedInAccount } from '../../testing/file-app';
import type { SignedInOperator } from '../../testing/operator';
import { opApi, signedInOperator } from '../../testing/operator';
import { registeredOperatorPaths } from './guard';

const t = fileTestApp();
const customer = fileSignedInAccount(t);

/** Valid requests where an empty one would not pass validation (optional: see the header). */
const SAMPLES: Partial<Record<OperatorEndpointDef['id'], Record<string, unknown>>> = {
  'operator.audit': { pageNo: 1, pageSize: 5 },
};

// Sign-out ends the session it is called with: it goes last.
const guarded = operatorEndpoints
  .filter((def) => def.auth === 'operator')
  .sort((a, b) => Number(a.id === 'operator.signOut') - Number(b.id === 'operator.signOut'));

describe('the console contract', () => {
  it('every registered console route is declared in the contract, and every declared one is registered', () => {
    const declared = new Set(operatorEndpoints.map((def) => `${def.method} ${def.path}`));
    expect([...registeredOperatorPaths].sort()).toEqual([...declared].sort());
  });

  it('every guarded call names a permission', () => {
    for (const def of guarded) expect(def.permission, def.id).toBeDefined();
  });

  it('no console path is a customer path', () => {
    const customerPaths = new Set(allEndpoints.map((def) => def.path));
    for (const def of operatorEndpoints) expect(customerPaths.has(def.path), def.path).toBe(false);
  });
});

describe.each(OPERATOR_ROLES)('role %s', (role) => {
  it('reaches exactly the calls its role holds; a refused call changes nothing', async () => {
    const me: SignedInOperator = await signedInOperator(t, role);
    const audited = async () => (await t.ctx.database.db.select({ n: count() }).from(operatorAudit))[0]!.n;
    for (const def of guarded) {
      const before = await audited();
      const answer = await opApi(t, def, SAMPLES[def.id] ?? {}, me.token);
      if (roleHolds(role, def.permission!)) {
        expect([Code.noPermission, Code.unauthorized], `${role} ${def.id}`).not.toContain(answer.body.code);
      } else {
        expect(answer.body.code, `${role} ${def.id}`).toBe(Code.noPermission);
        expect(await audited(), `${role} ${def.id} wrote nothing`).toBe(before);
      }
    }
  });
});

describe('tokens of the other kind', () => {
  it('a customer token, a forged one and none are refused by every console call (401)', async () => {
    for (const def of guarded)
      for (const token of [customer.token, 'op_forged', undefined]) {
        const answer = await opApi(t, def, SAMPLES[def.id] ?? {}, token);
        expect(answer.body.code, `${def.id} with ${token ? 'a token' : 'none'}`).toBe(Code.unauthorized);
      }
  });

  it('an operator token is refused by every customer call that needs a session (401)', async () => {
    const admin = await signedInOperator(t, 'admin');
    for (const def of allEndpoints.filter((e) => e.auth === 'bearer')) {
      const res = await t.app.request(def.path, {
        method: def.method,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        body: def.method === 'GET' ? undefined : '{}',
      });
      const body = (await res.json()) as { code: number };
      expect(body.code, def.id).toBe(Code.unauthorized);
    }
  });
});
