/**
 * The agent card: the invitation code and link, each with a copy button, and the link as a QR code
 * to save as an image or share (the system share sheet where the browser has one).
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/CopyButton';
import { inviteLink } from '../api';
import { AGENT_NS } from '../i18n';

export function AgentCard({ code }: { code: string }) {
  const { t } = useTranslation(AGENT_NS);
  const link = inviteLink(code);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(link, { margin: 1, width: 480, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [link]);

  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () =>
    void navigator
      .share({ title: t('card.shareTitle'), text: t('card.shareText'), url: link })
      .catch(() => undefined);

  return (
    <section className="cp-panel cp-agent-card" aria-labelledby="agent-card-title" data-testid="agent-card">
      <div className="cp-agent-card__text">
        <h2 id="agent-card-title" className="cp-panel__title">
          {t('card.title')}
        </h2>
        <p className="cp-agent-card__label">{t('card.code')}</p>
        <div className="cp-agent-card__row">
          <span className="cp-agent-card__code cp-mono" data-testid="agent-code">
            {code}
          </span>
          <CopyButton
            value={code}
            text={t('card.copy')}
            label={t('card.copyCode')}
            failed={t('card.copyFailed')}
            data-testid="agent-copy-code"
          />
        </div>
        <p className="cp-agent-card__label">{t('card.link')}</p>
        <div className="cp-agent-card__row">
          <span className="cp-agent-card__link cp-mono" data-testid="agent-link">
            {link}
          </span>
          <CopyButton
            value={link}
            text={t('card.copy')}
            label={t('card.copyLink')}
            failed={t('card.copyFailed')}
            data-testid="agent-copy-link"
          />
        </div>
      </div>
      <figure className="cp-agent-card__qr">
        {qr ? (
          <img src={qr} alt={t('card.qrAlt', { code })} width={160} height={160} data-testid="agent-qr" />
        ) : (
          <span className="cp-shimmer cp-agent-card__qr-wait" />
        )}
        <figcaption className="cp-agent-card__qr-actions">
          {qr ? (
            <a
              className="cp-small-button"
              href={qr}
              download={`invite-${code}.png`}
              data-testid="agent-qr-save"
            >
              {t('card.save')}
            </a>
          ) : null}
          {canShare ? (
            <button type="button" className="cp-small-button" onClick={share} data-testid="agent-share">
              {t('card.share')}
            </button>
          ) : null}
        </figcaption>
      </figure>
    </section>
  );
}
