/**
 * The wallet as app state (architecture.md: jotai for the session and the wallet). TanStack Query
 * owns fetching; this atom holds the latest balances so any part of the shell (header, recharge
 * pages) can show them without fetching again. Emptied when the session ends.
 */
import { atom } from 'jotai';
import type { WalletBalances } from '../../../contract/wallet';
import { appStore, onSessionEnd } from '../../lib/session';

export const walletAtom = atom<Partial<WalletBalances> | null>(null);

onSessionEnd(() => appStore.set(walletAtom, null));
