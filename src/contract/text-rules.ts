/**
 * What a card network or bank accepts in the names and addresses the customer types (issue 18 §4).
 * One declaration for the server (which refuses with 400 and changes nothing) and the PWA (which
 * shows the same translated message before sending). Messages are i18n keys that take `{{field}}`.
 *
 * Two alphabets:
 * - network text (holder names, billing addresses, the payer of a USD wire): what is embossed on a
 *   card or carried in an ISO 8583 / SWIFT message, i.e. Latin letters, spaces and a little
 *   punctuation, and digits plus `#` and `/` for addresses;
 * - document text (the name on an identity document, a bank-card holder for withdrawals to a
 *   Chinese bank): letters of any script, since a Chinese ID card carries Chinese characters, but
 *   never emoji, markup or control characters.
 */
import { z } from 'zod';

/** Length limits per field (characters, after trimming). */
export const TEXT_LIMITS = {
  /** Two SWIFT lines of 35 characters. */
  payerName: 70,
  bankText: 100,
  personName: 100,
  companyName: 200,
  bankHolder: 64,
} as const;

/** A name on a card: Latin letters, then letters, spaces and `' - . ,` ("O'Neil", "Mary-Jane", "Jr."). */
export const NETWORK_NAME = /^[A-Za-z][A-Za-z '.,-]*$/;
/** An address line: Latin letters, digits, spaces and `' - . , # /` ("12 Main St. #4", "1/2"). */
export const NETWORK_ADDRESS = /^[A-Za-z0-9][A-Za-z0-9 '.,#/-]*$/;
/**
 * The payer of an international wire: the SWIFT "x" character set (Latin letters, digits, spaces
 * and `/ - ? : ( ) . , ' +`), which is all a correspondent bank carries.
 */
export const SWIFT_TEXT = /^[A-Za-z0-9][A-Za-z0-9 /?:().,'+-]*$/;
/** A person on a document: letters of any script, combining marks, spaces, `' - . ,` and the middle dot. */
export const DOCUMENT_NAME = /^\p{L}[\p{L}\p{M} '.,·-]*$/u;
/** A company or bank: as a person, plus digits, `&` and parentheses (full-width ones too). */
export const ORGANISATION_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '.,·&()（）-]*$/u;

function ruled(pattern: RegExp, max: number, rule: string) {
  return z
    .string({ error: 'common:validation.required' })
    .trim()
    .min(1, { error: 'common:validation.required' })
    .max(max, { error: 'common:validation.tooLong' })
    .regex(pattern, { error: `common:validation.${rule}` });
}

/** Cardholder first or last name. */
export const networkName = (max: number) => ruled(NETWORK_NAME, max, 'networkName');
/** Billing address line (street, city, state). */
export const networkAddress = (max: number) => ruled(NETWORK_ADDRESS, max, 'networkAddress');
/** The payer of a USD wire. */
export const swiftText = (max: number) => ruled(SWIFT_TEXT, max, 'swiftText');
/** A person's name as written on an identity document or a bank card. */
export const documentName = (max: number) => ruled(DOCUMENT_NAME, max, 'documentName');
/** A company or bank name. */
export const organisationName = (max: number) => ruled(ORGANISATION_NAME, max, 'organisationName');
