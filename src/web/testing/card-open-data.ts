/** A card holder as the opening tests type and expect it (imported by tests only). */
export const TEST_HOLDER = {
  holderFirstName: 'Ada',
  holderLastName: 'Lovelace',
  street: '1 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};
