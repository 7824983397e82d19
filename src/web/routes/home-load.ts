/**
 * The loader of `/home`: starts the page's first answers together with the page's own code, and
 * lets the router show the page once they are in, so that it appears in one piece. Left to the
 * page, each part loaded after the page had mounted, and each arrival (the decline-rate meter, a
 * notice banner, the risk or identity notice) pushed what was below it down the screen while the
 * user was reading it (docs/decisions.md "The home page's first paint").
 *
 * It never holds the page back for long and never fails: an answer that fails leaves its query in
 * error for the page to show as it always has, and after FIRST_ANSWERS_WAIT_MS the page shows with
 * whatever has arrived. Offline it waits for nothing: the saved figures stand in at once.
 * The queries are the ones the page's parts read (same keys and loads), so none is asked twice.
 */
import { identityStatusQuery } from '../features/home/components/IdentityBanner';
import { RiskNoticeCard, riskNoticeQuery } from '../features/home/components/RiskNotice';
import { overviewQuery } from '../features/home/useHomeData';
import { isOnline } from '../lib/offline';
import { hasPermission } from '../lib/permissions';
import { queryClient } from '../lib/queryClient';
import { hasAccessToken } from '../lib/session';
import { refreshWallet, walletIsFresh } from '../lib/wallet';
import { declineRateQuery } from '../components/ui/decline-rate-query';

/** The longest the page waits for its first answers before it shows what it has. */
export const FIRST_ANSWERS_WAIT_MS = 2_500;

/**
 * The banner's notice, which the shell shows above the page. Its query comes from the shell's
 * module, which the router is loading anyway: imported statically, the notices would leave the
 * shell's chunk for one of their own, shared by both.
 */
async function bannerNotice(): Promise<unknown> {
  const { userNoticeQuery } = await import('./ShellLayout');
  return queryClient.ensureQueryData(userNoticeQuery);
}

/** Resolves once the risk notice is in and, when there is one, the card that shows it is loaded. */
async function riskNoticeWithCard(): Promise<void> {
  const notice = await queryClient.ensureQueryData(riskNoticeQuery);
  if (notice) await RiskNoticeCard.preload();
}

/** Everything the page shows on arrival, each part settling on its own. */
function firstAnswers(): Promise<unknown> {
  const parts: Promise<unknown>[] = [];
  if (isOnline() && hasAccessToken()) {
    if (!walletIsFresh()) parts.push(refreshWallet());
    parts.push(
      queryClient.ensureQueryData(overviewQuery),
      bannerNotice(),
      queryClient.ensureQueryData(identityStatusQuery),
      riskNoticeWithCard(),
    );
    // The decline-rate meter shows only with the right to the card list (HomePage).
    if (hasPermission('card:list')) parts.push(queryClient.ensureQueryData(declineRateQuery));
  }
  return Promise.allSettled(parts);
}

export async function loadHome(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_ANSWERS_WAIT_MS);
  });
  await Promise.race([firstAnswers(), waited]);
  clearTimeout(timer);
}
