/**
 * Verification levels (docs/decisions.md "Identity verification"): what each level allows, shared
 * by the server (which enforces it) and the PWA (which shows it as a checklist).
 */
export const IDENTITY_LEVELS = ['unverified', 'individual', 'business'] as const;
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number];

/**
 * What an unverified account may top up in all, per currency (minor units), counting orders that
 * are paid or still open: enough to try the product, not to run money through it.
 */
export const UNVERIFIED_TOPUP_CEILING: Readonly<Record<string, number>> = {
  CNY: 2_000_000,
  USD: 300_000,
};

/** What a level adds to the one below it (the checklist's "unlocks" lines, as locale keys). */
export const LEVEL_UNLOCKS: Readonly<Record<IdentityLevel, readonly string[]>> = {
  unverified: ['smallTopups', 'cards'],
  individual: ['unlimitedTopups'],
  business: ['usdTransfer'],
};

export function levelRank(level: IdentityLevel): number {
  return IDENTITY_LEVELS.indexOf(level);
}

/** The fields an order of each kind must carry before it can be submitted. */
export const REQUIRED_FIELDS = {
  individual: [
    'personName',
    'idType',
    'idNumber',
    'idExpiresOn',
    'idFrontFileId',
    'idBackFileId',
    'selfieFileId',
  ],
  business: [
    'companyName',
    'registrationNumber',
    'licenceFileId',
    'personName',
    'idType',
    'idNumber',
    'idExpiresOn',
    'idFrontFileId',
    'idBackFileId',
  ],
} as const;

export type IdentityField = (typeof REQUIRED_FIELDS)[keyof typeof REQUIRED_FIELDS][number];

/** Fields whose answer is an uploaded image. */
export const FILE_FIELDS: readonly IdentityField[] = [
  'idFrontFileId',
  'idBackFileId',
  'selfieFileId',
  'licenceFileId',
];

/** A needs-more-information item names one field, or `other` for a question answered in text. */
export const ITEM_FIELDS = [
  'personName',
  'idType',
  'idNumber',
  'idExpiresOn',
  'idFrontFileId',
  'idBackFileId',
  'selfieFileId',
  'companyName',
  'registrationNumber',
  'licenceFileId',
  'other',
] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];
