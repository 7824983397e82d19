/**
 * The holder name and billing address of a card (contract `holderFields`, its keys `HOLDER_KEYS`):
 * what an opening stores and editAddress changes.
 */
import type { HolderFields } from '../../../contract/cards';

/** Only the holder fields of a request that carries more. */
export function holderOf(input: HolderFields): HolderFields {
  return {
    holderFirstName: input.holderFirstName,
    holderLastName: input.holderLastName,
    street: input.street,
    city: input.city,
    state: input.state,
    postcode: input.postcode,
    country: input.country,
  };
}
