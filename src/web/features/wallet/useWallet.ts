/** Wallet balances (minor units per currency), kept in walletAtom as well. */
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { wallet } from '../../../contract/wallet';
import { call } from '../../lib/http';
import { walletAtom } from './atoms';

export const walletQueryKey = ['wallet', 'balances'] as const;

export function useWallet() {
  const setWallet = useSetAtom(walletAtom);
  const query = useQuery({
    queryKey: walletQueryKey,
    queryFn: ({ signal }) => call(wallet, {}, { signal }),
  });
  useEffect(() => {
    if (query.data) setWallet(query.data);
  }, [query.data, setWallet]);
  return query;
}
