/**
 * A typed client generated from the OpenAPI document (issue 30) with `openapi-typescript`, and a
 * small program compiled against it: an integrator's compiler must take a card recharge of
 * `amount: 5000` (minor units) and refuse `amount: '50.00'`, and read the answer's typed data.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/index';
import { buildOpenApi } from './openapi';

const PROGRAM = `
import type { paths } from './api';

type Recharge = paths['/api/card/recharge']['post'];
type RechargeBody = Recharge['requestBody']['content']['application/json'];
type RechargeAnswer = Recharge['responses'][200]['content']['application/json'];

export const body: RechargeBody = { cardId: 'c_1', amount: 5000, debitCurrency: 'USD', expectTotal: 5050 };
// @ts-expect-error an amount is an integer of minor units, not a decimal string
export const wrong: RechargeBody = { cardId: 'c_1', amount: '50.00', debitCurrency: 'USD', expectTotal: 5050 };

export function balanceOf(answer: RechargeAnswer): number {
  return answer.data.card.balance;
}

type Range = paths['/api/card/pageForSub']['get']['parameters']['query'];
export const range: Range = { minBalance: 0, maxBalance: 100_000 };

type SignIn = paths['/api/user/loginPwd']['post']['responses'];
export const stepUp: keyof SignIn = 428;
`;

describe('a client generated from the OpenAPI document', () => {
  it('compiles a program that recharges a card with amount: 5000', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-client-'));
    try {
      const api = astToString(await openapiTS(buildOpenApi(allEndpoints) as never));
      expect(api).toContain('"/api/card/recharge"');
      await writeFile(join(dir, 'api.ts'), api);
      await writeFile(join(dir, 'program.ts'), PROGRAM);
      const program = ts.createProgram([join(dir, 'program.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
