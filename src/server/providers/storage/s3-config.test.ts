import { describe, expect, it } from 'vitest';
import { buildContext, productionProblems } from '../../bootstrap';
import { loadEnv } from '../../env';
import { createStorageProvider, storageConfigProblems } from './index';

const S3 = {
  STORAGE_PROVIDER: 's3',
  S3_ENDPOINT: 'https://s3.eu-central-1.example.com',
  S3_BUCKET: 'portal-files',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY42',
  S3_SECRET_ACCESS_KEY: 'k3J9-qWv7Xz2Lm8Rt5Yp1Ns6Bd4Hc0Fg',
};

describe('storage settings', () => {
  it('keeps the local folder unless STORAGE_PROVIDER=s3', () => {
    expect(createStorageProvider(loadEnv({})).kind).toBe('local');
    expect(createStorageProvider(loadEnv(S3)).kind).toBe('s3');
    expect(storageConfigProblems(loadEnv(S3))).toEqual([]);
  });

  it('names each missing setting of the object store', () => {
    expect(storageConfigProblems(loadEnv({ STORAGE_PROVIDER: 's3' }))).toEqual([
      'S3_ENDPOINT is required with STORAGE_PROVIDER=s3',
      'S3_BUCKET is required with STORAGE_PROVIDER=s3',
      'S3_ACCESS_KEY_ID is required with STORAGE_PROVIDER=s3',
      'S3_SECRET_ACCESS_KEY is required with STORAGE_PROVIDER=s3',
    ]);
  });

  it('refuses object-store settings without the switch, which would keep uploads on one disk', () => {
    const { STORAGE_PROVIDER: _, ...withoutSwitch } = S3;
    expect(storageConfigProblems(loadEnv(withoutSwitch))).toEqual([
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set, but STORAGE_PROVIDER is not s3',
    ]);
  });

  it('refuses credentials in the endpoint address, without quoting them', () => {
    const problems = storageConfigProblems(
      loadEnv({ ...S3, S3_ENDPOINT: 'https://AKIA:hunter2-secret@s3.example.com' }),
    );
    expect(problems).toEqual([
      'S3_ENDPOINT must not carry credentials (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
    ]);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('refuses a dotted bucket in the host name over https, whose certificate cannot match', () => {
    expect(storageConfigProblems(loadEnv({ ...S3, S3_BUCKET: 'files.portal' }))).toEqual([
      'S3_BUCKET with dots needs S3_FORCE_PATH_STYLE=1 over https',
    ]);
    expect(
      storageConfigProblems(loadEnv({ ...S3, S3_BUCKET: 'files.portal', S3_FORCE_PATH_STYLE: '1' })),
    ).toEqual([]);
  });

  it('checks names and prefixes when the environment is read', () => {
    expect(() => loadEnv({ ...S3, S3_BUCKET: 'Portal_Files' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadEnv({ ...S3, STORAGE_PROVIDER: 'gcs' })).toThrow(/STORAGE_PROVIDER/);
    for (const prefix of ['../uploads', 'a/../b', '/uploads', 'a//b', './x', 'up loads'])
      expect(() => loadEnv({ ...S3, S3_PREFIX: prefix }), prefix).toThrow(/S3_PREFIX/);
    expect(loadEnv({ ...S3, S3_PREFIX: 'card-portal/uploads/' }).S3_PREFIX).toBe('card-portal/uploads/');
  });

  it('refuses to start with a broken storage setting, in demo mode too', async () => {
    await expect(
      buildContext(loadEnv({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'portal-files' })),
    ).rejects.toThrow(/Refusing to start: .*S3_ENDPOINT is required with STORAGE_PROVIDER=s3/);
  });

  it('in production, wants https and a strong secret, never quoting the secret', async () => {
    const problems = (
      await productionProblems(
        loadEnv({
          ...S3,
          APP_MODE: 'production',
          S3_ENDPOINT: 'http://minio.internal:9000',
          S3_SECRET_ACCESS_KEY: 'minioadmin',
        }),
      )
    ).join('\n');
    expect(problems).toContain('S3_ENDPOINT must be https in production');
    expect(problems).toContain('S3_SECRET_ACCESS_KEY must be at least 16 characters');
    expect(problems).not.toContain('minioadmin');
    const strong = (await productionProblems(loadEnv({ ...S3, APP_MODE: 'production' }))).join('\n');
    expect(strong).not.toContain('S3_');
  });
});
