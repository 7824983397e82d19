/**
 * The first screen's lead for a new account (issue 34 §2): three steps — verify, top up, open a
 * card — each ticked from the account's own figures (start-steps.ts), each a link to its page
 * while it is still to do. Once money is in and a card is out, a missing verification is the
 * identity prompt's one line instead (IdentityBanner); with all done, nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/offline';
import { allowedIds } from '../../../lib/permissions';
import { routeMeta, type RouteName } from '../../../lib/route-meta';
import { appStore, hasAccessToken, tokensAtom } from '../../../lib/session';
import { HOME_NS } from '../i18n';
import { showsStart, startSteps, type StartStepName } from '../start-steps';
import type { HomeData } from '../useHomeData';
import { IdentityBanner, identityStatusQuery } from './IdentityBanner';

const ROUTE: Record<StartStepName, RouteName> = {
  verify: 'identity',
  topUp: 'FinanceRecharge',
  openCard: 'cardOpen',
};

interface Props extends Pick<HomeData, 'wallet' | 'overview' | 'overviewFailed'> {
  builtRoutes: ReadonlySet<RouteName>;
}

export function StartSteps({ wallet, overview, overviewFailed, builtRoutes }: Props) {
  const { t } = useTranslation(HOME_NS);
  const online = useOnline();
  useAtomValue(tokensAtom, { store: appStore });
  const identity = useQuery({ ...identityStatusQuery, enabled: online && hasAccessToken() });
  const steps = startSteps({ identity: identity.data, wallet, overview });
  if (!showsStart(steps)) return steps || overviewFailed ? <IdentityBanner /> : null;
  const allowed = allowedIds();
  const left = steps.filter((step) => !step.done).length;

  return (
    <section className="cp-panel cp-start" aria-labelledby="home-start-title" data-testid="start-steps">
      <h2 id="home-start-title" className="cp-start__title">
        {t('start.title')} <span className="cp-start__count">{t('start.left', { count: left })}</span>
      </h2>
      <ol className="cp-start__list">
        {steps.map((step, index) => {
          const route = routeMeta(ROUTE[step.name]);
          const linked = !step.done && builtRoutes.has(route.name) && allowed.has(route.permission);
          const label = t(`start.${step.name}`);
          const note = step.done ? t('start.done') : step.pending ? t('start.pending') : null;
          return (
            <li
              key={step.name}
              className={`cp-start__step${step.done ? ' cp-start__step--done' : ''}`}
              data-testid={`start-step-${step.name}`}
              data-done={String(step.done)}
            >
              <span className="cp-start__mark" aria-hidden="true">
                {step.done ? '✓' : index + 1}
              </span>
              {linked ? (
                <a href={`#${route.path}`} className="cp-start__link">
                  {label}
                </a>
              ) : (
                <span className="cp-start__label">{label}</span>
              )}
              {note ? <span className="cp-start__note">{note}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
