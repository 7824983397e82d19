/**
 * Identity verification through the real API and the sandbox review desk's JSON: a fresh account
 * becomes a verified business (what USD transfer forecasts need, docs/decisions.md).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Account } from './fixtures';
import { apiSignIn } from './fixtures';

/** A 1×1 PNG: the server checks images by their content. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function uploadDocument(request: APIRequestContext, token: string): Promise<string> {
  const answer = (await (
    await request.post('/api/identity/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: 'doc.png', mimeType: 'image/png', buffer: TINY_PNG } },
    })
  ).json()) as Envelope<{ fileId: string }>;
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data.fileId;
}

/** A year from now, as the ID document's expiry. */
function nextYear(): string {
  return new Date(Date.now() + 400 * 24 * 3600_000).toISOString().slice(0, 10);
}

export async function verifyBusinessByApi(request: APIRequestContext, account: Account): Promise<void> {
  const { access_token: token } = await apiSignIn(request, account);
  const fields = {
    action: 'submit',
    kind: 'business',
    companyName: 'E2E Trading Ltd',
    registrationNumber: 'E2E-12345',
    licenceFileId: await uploadDocument(request, token),
    personName: 'Eve Person',
    idType: 'passport',
    idNumber: 'E1234567',
    idExpiresOn: nextYear(),
    idFrontFileId: await uploadDocument(request, token),
    idBackFileId: await uploadDocument(request, token),
  };
  const sent = (await (
    await request.post('/api/identity/order', { headers: { authorization: `Bearer ${token}` }, data: fields })
  ).json()) as Envelope<{ order: { id: string } }>;
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const approved = await request.post(`/sandbox/api/identity/${sent.data.order.id}/approve`, { data: {} });
  expect(approved.ok()).toBe(true);
}
