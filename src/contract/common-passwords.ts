/**
 * Loads the common-password list into the password policy (password-rules.ts explains why the
 * list is a module of its own). Importing this file is what turns the check on.
 */
import commonPasswords from './data/common-passwords.json';
import { knowCommonPasswords } from './password-rules';

knowCommonPasswords(commonPasswords);
