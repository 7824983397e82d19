import { wallet } from '../../../contract/wallet';
import { principalOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { readWallet } from './read-wallet';

export function registerWalletRoutes(register: Registrar): void {
  register(wallet, async (_input, call) => readWallet(call.app, principalOf(call).accountId));
}
