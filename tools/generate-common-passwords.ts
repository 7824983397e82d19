/**
 * Writes src/contract/data/common-passwords.json: the entries of the zxcvbn-ts common password
 * dictionary that the length rule alone would let through (PASSWORD_MIN characters or more),
 * lower-cased, in the dictionary's frequency order. Shorter entries are refused by length already,
 * so the file stays a few KB and can ship with the contract to the PWA.
 * Run by `npm run build` (prebuild) and checked for freshness by common-passwords.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { commonPasswordsFrom } from '../src/contract/password-rules';

const { dictionary } = await import('@zxcvbn-ts/language-common');
const list = commonPasswordsFrom(dictionary['passwords-common'] as readonly string[]);
writeFileSync(
  new URL('../src/contract/data/common-passwords.json', import.meta.url),
  `${JSON.stringify(list)}\n`,
);
process.stdout.write(`common-passwords.json: ${list.length} entries\n`);
