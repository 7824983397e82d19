/**
 * The TanStack Query client of the signed-in pages. It lives outside the entry bundle (only
 * signed-in pages fetch server state), and forgets every cached answer when the session ends so
 * nothing of one user is ever shown to the next.
 */
import { QueryClient } from '@tanstack/react-query';
import { i18n } from './i18n';
import { hasAccessToken, onSessionEnd } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The HTTP layer already refreshes tokens and reports errors; a blind retry would only
      // repeat the toast.
      retry: false,
      staleTime: 30_000,
      // No session, no load: when a session ends, clearing the cache re-renders the pages still
      // mounted for a moment, and their queries would otherwise start again without a token.
      // A query that sets its own `enabled` must include this check.
      enabled: () => hasAccessToken(),
    },
  },
});

// After the current task: by then the shell has dropped the signed-in pages (routes/ShellLayout),
// so no mounted page sees its query vanish and starts it again without a token.
onSessionEnd(() => {
  setTimeout(() => queryClient.clear(), 0);
});

// Plan, segment and reason names arrive in the language of the request that fetched them
// (Accept-Language). A switch of language marks every answer stale, so the pages on screen fetch
// them again at once in the new language instead of after the next reload.
// i18next also reports a change to the language already shown; that one refetches nothing.
let answersLanguage = i18n.language;
i18n.on('languageChanged', (language: string) => {
  if (language === answersLanguage) return;
  answersLanguage = language;
  void queryClient.invalidateQueries();
});
