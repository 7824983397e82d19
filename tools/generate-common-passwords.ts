/**
 * Generated from the zxcvbn-ts common dictionary (a dev dependency), so no list is copied by hand:
 * - src/contract/data/common-passwords.json: the entries the length rule alone would let through
 *   (PASSWORD_MIN characters or more), lower-cased, in frequency order. Shorter ones are refused
 *   by length already, so the file stays small enough to ship with the contract to the PWA.
 * - src/web/lib/data/password-meter.json: the most frequent entries of any length and the
 *   keyboard graphs, for the PWA's lazy-loaded strength meter.
 * Run by `npm run build` (prebuild); password-rules.test.ts fails when either file is stale.
 */
import { writeFileSync } from 'node:fs';
import { commonPasswordsFrom, meterDataFrom } from '../src/contract/password-rules';

const common = await import('@zxcvbn-ts/language-common');
const dictionary = common.dictionary['passwords-common'] as readonly string[];
const write = (path: string, data: unknown) =>
  writeFileSync(new URL(path, import.meta.url), `${JSON.stringify(data)}\n`);

const list = commonPasswordsFrom(dictionary);
write('../src/contract/data/common-passwords.json', list);
write('../src/web/lib/data/password-meter.json', meterDataFrom(dictionary, common.adjacencyGraphs));
process.stdout.write(`common-passwords.json: ${list.length} entries; password-meter.json written\n`);
