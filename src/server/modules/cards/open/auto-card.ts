/**
 * `autoCard`: a plausible holder name and US billing address for the opening form ("fill in for
 * me"). The city, state and ZIP code always belong together (auto-card-data.ts).
 */
import { randomInt } from 'node:crypto';
import type { autoCard } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { FIRST_NAMES, LAST_NAMES, STREET_NAMES, US_PLACES } from './auto-card-data';

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)]!;
}

export function generateHolder(): ResponseOf<typeof autoCard> {
  const place = pick(US_PLACES);
  return {
    holderFirstName: pick(FIRST_NAMES),
    holderLastName: pick(LAST_NAMES),
    street: `${randomInt(100, 9900)} ${pick(STREET_NAMES)}`,
    city: place.city,
    state: place.state,
    postcode: pick(place.zips),
    country: 'US',
  };
}
