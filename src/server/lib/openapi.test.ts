/**
 * The OpenAPI document (issue 13 §3): generated from the contract, it declares the
 * Idempotency-Key, the real error statuses, binary uploads, the media types of downloads, a server
 * and the plain-route upload — and an independent linter, Redocly's, finds no error in it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/index';
import { buildOpenApi } from './openapi';

interface Operation {
  parameters?: ({ $ref: string } | { name: string; in: string })[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface Doc {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, { name: string; in: string }> };
}

const doc = buildOpenApi(allEndpoints) as Doc;
const op = (path: string, method = 'post') => doc.paths[path]![method]!;
const refs = (operation: Operation) =>
  (operation.parameters ?? []).map((p) => ('$ref' in p ? p.$ref : p.name));

describe('the OpenAPI document', () => {
  it('declares Idempotency-Key on every call that honours it, and only there', () => {
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    for (const def of allEndpoints) {
      const declared = refs(op(def.path, def.method.toLowerCase())).includes(
        '#/components/parameters/IdempotencyKey',
      );
      expect(declared, def.id).toBe(def.idempotent === true);
    }
    expect(allEndpoints.filter((def) => def.idempotent).length).toBeGreaterThan(10);
  });

  it('lists the statuses a call really answers', () => {
    const statuses = (operation: Operation) => Object.keys(operation.responses);
    expect(statuses(op('/api/card/newCard'))).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '422', '429']),
    );
    expect(statuses(op('/api/card/importData'))).toContain('413');
    expect(statuses(op('/api/user/cancel/submit'))).toContain('428');
    expect(statuses(op('/api/user/info', 'get'))).not.toContain('413');
  });

  it('declares the statuses a call answers beyond its kind: a locked or second-factor sign-in, an unknown id', () => {
    const statuses = (operation: Operation) => Object.keys(operation.responses);
    expect(statuses(op('/api/user/loginPwd'))).toEqual(expect.arrayContaining(['423', '428']));
    expect(statuses(op('/api/card/detail'))).toEqual(expect.arrayContaining(['404', '428']));
    expect(statuses(op('/api/card/newCard'))).toContain('503');
    expect(statuses(op('/api/user/info', 'get'))).not.toContain('404');
  });

  it('documents every money amount as an integer of minor units, and only files as binary', () => {
    const binary: string[] = [];
    const amounts: unknown[] = [];
    const walk = (node: unknown, where: string): void => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'format' && value === 'binary' && !where.includes('/responses/')) binary.push(where);
        if (/^(amount|minBalance|maxBalance)$/.test(key) && where.endsWith('/properties'))
          amounts.push(value);
        walk(value, `${where}/${key}`);
      }
    };
    walk(doc.paths, '');
    expect(
      binary.every((where) => where.endsWith('/properties/file')),
      binary.join('\n'),
    ).toBe(true);
    expect(amounts.length).toBeGreaterThanOrEqual(30);
    for (const amount of amounts)
      expect(amount).toMatchObject({ type: 'integer', minimum: expect.any(Number) });
    const recharge = op('/api/card/recharge').requestBody!.content['application/json']!.schema;
    expect(recharge.properties!.amount).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('makes uploads binary and names the media types of downloads', () => {
    const upload = op('/api/account/topup/upload').requestBody!.content['multipart/form-data']!.schema;
    expect(upload.properties!.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(op('/api/account/flowDown', 'get').responses['200']!.content!)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ]);
    expect(Object.keys(op('/api/user/captcha', 'get').responses['200']!.content!)).toEqual(['image/svg+xml']);
    expect(doc.paths['/file/pub/upload']!.post).toBeDefined();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('passes Redocly’s linter with no error and no warning', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const run = await promisify(execFile)(
        'node_modules/.bin/redocly',
        ['lint', file, '--format', 'stylish'],
        {
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            NO_COLOR: '1',
          },
        },
      );
      const output = `${run.stdout}${run.stderr}`;
      expect(output).toContain('Your API description is valid');
      expect(output).not.toMatch(/You have \d+ warning/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
