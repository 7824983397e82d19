import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { loadEnv } from '../../env';
import { acceptableEndpoint } from './push-endpoints';

/** Only `env` is read: the rule is the settings' and the URL's. */
const withEnv = (source: Record<string, string>) => ({ env: loadEnv(source) }) as AppContext;

describe('push endpoints an operator adds (PUSH_SERVICE_ORIGINS)', () => {
  const production = withEnv({
    APP_MODE: 'production',
    PUSH_SERVICE_ORIGINS: 'https://push.vendor.example:8443',
  });

  it('accepts exactly the listed origin, over https', () => {
    expect(acceptableEndpoint(production, 'https://push.vendor.example:8443/w/abc')).toBe(true);
    expect(acceptableEndpoint(production, 'https://push.vendor.example/w/abc')).toBe(false);
    expect(acceptableEndpoint(production, 'https://push.vendor.example:8444/w/abc')).toBe(false);
    expect(acceptableEndpoint(production, 'http://push.vendor.example:8443/w/abc')).toBe(false);
    expect(acceptableEndpoint(production, 'https://evil.push.vendor.example:8443/w/abc')).toBe(false);
  });

  it('widens nothing when unset: a loopback https endpoint stays refused', () => {
    const plain = withEnv({ APP_MODE: 'production' });
    expect(acceptableEndpoint(plain, 'https://127.0.0.1:8443/push/x')).toBe(false);
    expect(acceptableEndpoint(plain, 'https://fcm.googleapis.com/fcm/send/x')).toBe(true);
  });

  it('refuses a setting that is not a list of https origins, naming it', () => {
    expect(() => loadEnv({ PUSH_SERVICE_ORIGINS: 'http://push.vendor.example' })).toThrow(
      /PUSH_SERVICE_ORIGINS/,
    );
    expect(() => loadEnv({ PUSH_SERVICE_ORIGINS: 'https://push.vendor.example/path' })).toThrow(
      /PUSH_SERVICE_ORIGINS/,
    );
  });
});
