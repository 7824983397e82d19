/**
 * The shell route: the query client for every page under it, and the frame (components/layout
 * AppShell) with the feature parts it shows — the notices, the user, the wallet, the plan. Signed
 * out, /noPermission shows bare; a signed-in page whose session just ended renders nothing for the
 * moment before the move to sign-in, so none of its loads can start without a token.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useSyncExternalStore } from 'react';
import { AppShell } from '../components/layout/AppShell';
import { StepUpHost } from '../components/ui/StepUpHost';
import type { UserMenuProps } from '../components/layout/UserMenu';
import { usePrivilege } from '../features/account/usePrivilege';
import { useSubUserInfo } from '../features/account/useSubUserInfo';
import { useUserInfo } from '../features/account/useUserInfo';
import { BrandMark } from '../features/auth/components/BrandMark';
import { LiveAlertsLazy } from '../features/cards/otp/LiveAlertsLazy';
import { NoticeBanner, NoticeCenter, NoticeDialogHost, useGuide } from '../features/notices';
import { isSubAccountSession } from '../lib/permissions';
import { queryClient } from '../lib/queryClient';
import { appStore, hasAccessToken, tokensAtom, userInfoAtom } from '../lib/session';
import { useWallet } from '../lib/wallet';

type HeaderUser = UserMenuProps['user'];

/** Spec §3: in sub-account mode the name and mobile come from infoForSub. */
function useHeaderUser(sub: boolean): HeaderUser {
  const { data: fresh } = useUserInfo();
  const stored = useAtomValue(userInfoAtom);
  const { data: subUser } = useSubUserInfo(sub);
  if (sub) {
    if (!subUser) return null;
    return { ...subUser, name: subUser.nickname || subUser.mobile || subUser.subUid };
  }
  const info = fresh ?? stored;
  if (!info) return null;
  return {
    nickname: info.nickname,
    mobile: info.mobile,
    email: info.email,
    name: info.nickname || info.email,
  };
}

/**
 * This tab's live stream (lib/live.ts), opened while a signed-in page shows; loaded on demand so the
 * sign-in page carries none of it. The session's end closes it (live.ts listens for that).
 */
function useLiveStream(): void {
  useEffect(() => {
    let cancelled = false;
    void import('../lib/live').then(({ startLive }) => {
      if (!cancelled && hasAccessToken()) startLive(queryClient);
    });
    return () => {
      cancelled = true;
    };
  }, []);
}

function SignedInShell() {
  useLiveStream();
  const sub = isSubAccountSession();
  const user = useHeaderUser(sub);
  const { balances } = useWallet();
  const { data: plan } = usePrivilege(!sub);
  const guide = useGuide();
  return (
    <AppShell
      brand={<BrandMark size={30} />}
      noticeArea={<NoticeCenter />}
      banner={<NoticeBanner />}
      alerts={<LiveAlertsLazy />}
      overlays={
        <>
          <NoticeDialogHost />
          <StepUpHost />
        </>
      }
      user={user}
      planName={plan?.planName}
      balances={balances}
      guide={guide}
    >
      <Outlet />
    </AppShell>
  );
}

/** The banner's load, for /home's loader (home-load.ts), which waits for it. */
export { userNoticeQuery } from '../features/notices';

const subscribeTokens = (onChange: () => void) => appStore.sub(tokensAtom, onChange);

function ShellFrame() {
  // Storage is the session's source of truth (session.ts); the atom tells when it changed. Read
  // through useSyncExternalStore, whose updates render at once: when a session ends, the frame
  // drops its pages before the cleared query cache can make them load again without a token.
  const signedIn = useSyncExternalStore(subscribeTokens, hasAccessToken);
  const onSignedInPage = useMatches({ select: (matches) => matches.some((match) => match.staticData.page) });
  if (signedIn) return <SignedInShell />;
  return onSignedInPage ? null : <Outlet />;
}

export function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellFrame />
    </QueryClientProvider>
  );
}
