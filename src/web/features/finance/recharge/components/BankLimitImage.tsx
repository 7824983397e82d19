/**
 * The per-bank limits of card payments (GET bankLimitImg, an image in the language of the request),
 * loaded with the bearer token as a Blob and shown through an object URL that is released when the
 * image changes or the page closes.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBankLimitImage } from '../bank-limit-image';
import { RECHARGE_NS } from '../i18n';

type State = { lang: string; url: string | null; failed: boolean };

export function BankLimitImage() {
  const { t, i18n } = useTranslation(RECHARGE_NS);
  const lang = i18n.language;
  const [state, setState] = useState<State | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchBankLimitImage(controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ lang, url, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ lang, url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [lang]);

  const current = state?.lang === lang ? state : null;

  return (
    <section
      className="cp-recharge-banks"
      aria-labelledby="recharge-banks-title"
      data-testid="recharge-bank-limits"
    >
      <h2 id="recharge-banks-title" className="cp-recharge__section-title">
        {t('card.bankLimits')}
      </h2>
      {current?.url ? (
        <img
          src={current.url}
          alt={t('card.bankLimitsAlt')}
          className="cp-recharge-banks__image"
          data-testid="recharge-bank-limits-image"
        />
      ) : current?.failed ? (
        <p className="cp-recharge__note">{t('card.bankLimitsFailed')}</p>
      ) : (
        <span
          className="cp-shimmer cp-recharge-banks__placeholder"
          aria-label={t('card.bankLimitsLoading')}
        />
      )}
    </section>
  );
}
