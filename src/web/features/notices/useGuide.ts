/**
 * First-time users (spec §2): the side menu pre-opens the finance, card and personal sections. The
 * server says who is a first-time user (userNotice.firstVisit: no notice read or dismissed yet);
 * the answer is kept as the `guide` storage item, so the next load opens the sections at once.
 */
import { useEffect } from 'react';
import { getItem, setItem } from '../../lib/storage';
import { useUserNotice } from './api';

export function useGuide(): boolean {
  const { data } = useUserNotice();
  const firstVisit = data?.firstVisit;
  useEffect(() => {
    if (firstVisit !== undefined) setItem('guide', firstVisit);
  }, [firstVisit]);
  return firstVisit ?? getItem('guide') === true;
}
