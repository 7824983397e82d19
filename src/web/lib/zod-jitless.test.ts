import { describe, expect, it } from 'vitest';

describe('zod jitless in the PWA', () => {
  it('is the setting zod itself reads, so no schema probes `new Function` under the CSP', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);

    const probes: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        probes.push(args.join(','));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ name: z.string(), amount: z.number() });
      expect(schema.parse({ name: 'a', amount: 1 })).toEqual({ name: 'a', amount: 1 });
      expect(schema.safeParse({ name: 1 }).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(probes).toEqual([]);
  });
});
