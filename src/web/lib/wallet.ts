/**
 * The wallet as app state (architecture.md: jotai for the session and the wallet) — the single
 * source of the balances. Anything that shows a balance reads `walletAtom`; anything that moves
 * money (top-up, card recharge, withdrawal) calls `refreshWallet()` when it succeeds, and every
 * screen showing the wallet updates at once.
 *
 * It lives in lib/ rather than features/wallet because every money feature needs it and features
 * may not import each other (architecture.md). Loads follow the header rule of spec §7: only code
 * 200 with data counts; a failure is silent and keeps the balances shown.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { wallet, type WalletBalances } from '../../contract/wallet';
import { headerLoad } from './header-load';
import { hasPermission } from './permissions';
import { useOnline } from './offline';
import { appStore, onSessionEnd } from './session';

export type Balances = Partial<WalletBalances>;

export const walletAtom = atom<Balances | null>(null);

export interface WalletStatus {
  loading: boolean;
  /** The last load failed (the balances shown, if any, are older). */
  failed: boolean;
  /** Epoch ms of the balances in walletAtom. */
  updatedAt: number | null;
}

const IDLE: WalletStatus = { loading: false, failed: false, updatedAt: null };
export const walletStatusAtom = atom<WalletStatus>(IDLE);

/** Balances younger than this are not fetched again when another screen mounts. */
export const WALLET_FRESH_MS = 30_000;

let inFlight: Promise<Balances | null> | null = null;
/** Bumped when the session ends, so a load still under way cannot refill the wallet afterwards. */
let generation = 0;

function setStatus(patch: Partial<WalletStatus>): void {
  appStore.set(walletStatusAtom, { ...appStore.get(walletStatusAtom), ...patch });
}

/**
 * Loads the balances into walletAtom. Calls made while one is under way share it. Resolves with
 * the balances now held (the previous ones if this load failed); never rejects.
 */
export function refreshWallet(): Promise<Balances | null> {
  if (inFlight) return inFlight;
  // A sub-account whose role does not show the wallet: the server would refuse (4030), don't ask.
  if (!hasPermission('finance:wallet')) return Promise.resolve(null);
  const mine = generation;
  setStatus({ loading: true });
  inFlight = (async () => {
    try {
      const balances = await headerLoad(wallet, {});
      if (mine !== generation) return null;
      appStore.set(walletAtom, balances);
      setStatus({ loading: false, failed: false, updatedAt: Date.now() });
      return balances;
    } catch {
      if (mine !== generation) return null;
      setStatus({ loading: false, failed: true });
      return appStore.get(walletAtom);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Whether the balances held were loaded less than WALLET_FRESH_MS ago. */
export function walletIsFresh(now = Date.now()): boolean {
  const { updatedAt } = appStore.get(walletStatusAtom);
  return updatedAt !== null && now - updatedAt <= WALLET_FRESH_MS;
}

/**
 * The balances for a screen: loads them when missing or older than WALLET_FRESH_MS, on mount and
 * again when the connection comes back.
 */
export function useWallet(): { balances: Balances | null } & WalletStatus {
  // Always the app store: refreshWallet writes there, whatever Provider a test renders in.
  const balances = useAtomValue(walletAtom, { store: appStore });
  const status = useAtomValue(walletStatusAtom, { store: appStore });
  const online = useOnline();
  useEffect(() => {
    if (online && !walletIsFresh()) void refreshWallet();
  }, [online]);
  return { balances, ...status };
}

onSessionEnd(() => {
  generation += 1;
  inFlight = null;
  appStore.set(walletAtom, null);
  appStore.set(walletStatusAtom, IDLE);
});
