import { describe, expect, it } from 'vitest';
import { autoCard, holderFields } from '@contract/cards';
import { fileTestApp } from '../../../testing/file-app';
import { signedInAccount } from '../../../testing/signed-in';
import { US_PLACES } from './auto-card-data';
import { generateHolder } from './auto-card';

/** The first three digits of ZIP codes by state (USPS), for the states the generator uses. */
const ZIP_PREFIXES: Record<string, [number, number][]> = {
  NY: [[100, 149]],
  CA: [[900, 961]],
  IL: [[600, 629]],
  TX: [
    [750, 799],
    [885, 885],
  ],
  AZ: [[850, 865]],
  PA: [[150, 196]],
  WA: [[980, 994]],
  CO: [[800, 816]],
  MA: [[10, 27]],
  FL: [[320, 349]],
  GA: [[300, 319]],
  OR: [[970, 979]],
  NV: [[889, 898]],
  MN: [[550, 567]],
  TN: [[370, 385]],
  OH: [[430, 459]],
  NC: [[270, 289]],
  UT: [[840, 847]],
  MO: [[630, 658]],
};

describe('autoCard', () => {
  it('every place’s ZIP codes belong to its state', () => {
    for (const place of US_PLACES)
      for (const zip of place.zips) {
        const prefix = Number(zip.slice(0, 3));
        const ranges = ZIP_PREFIXES[place.state];
        expect(ranges, place.state).toBeDefined();
        expect(
          ranges!.some(([low, high]) => prefix >= low && prefix <= high),
          `${place.city} ${zip}`,
        ).toBe(true);
      }
  });

  it('generates holders the opening form accepts, with a consistent city, state and ZIP', () => {
    for (let i = 0; i < 200; i++) {
      const holder = generateHolder();
      expect(holderFields.safeParse(holder).success).toBe(true);
      const place = US_PLACES.find((p) => p.city === holder.city && p.state === holder.state);
      expect(place?.zips).toContain(holder.postcode);
      expect(holder.country).toBe('US');
      expect(holder.street).toMatch(/^\d{3,4} \S/);
    }
  });

  describe('GET /api/card/autoCard', () => {
    const t = fileTestApp();

    it('answers a generated holder to a signed-in caller', async () => {
      const me = await signedInAccount(t);
      const answer = await t.api(autoCard, {}, { token: me.token });
      expect(answer.body.code).toBe(200);
      expect(holderFields.safeParse(answer.body.data).success).toBe(true);
      expect((await t.api(autoCard, {})).body.code).toBe(401);
    });
  });
});
