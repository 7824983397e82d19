/**
 * The proof image of a forecast: a thumbnail that opens the full image, and the full image in a
 * sheet with a link to open it in its own tab. Both load through the Bearer-authorised download.
 */
import { useTranslation } from 'react-i18next';
import { Sheet } from '@web/components/ui/Sheet';
import { FINANCE_NS } from '../i18n';
import { useProofUrl } from '../useProofUrl';

export function ProofThumb({ fileId, txn, onOpen }: { fileId: string; txn: string; onOpen: () => void }) {
  const { t } = useTranslation(FINANCE_NS);
  const proof = useProofUrl(fileId);
  if (proof.failed) return <span className="cp-proof__none">{t('audit.proofUnavailable')}</span>;
  return (
    <button
      type="button"
      className="cp-proof"
      onClick={onOpen}
      aria-label={t('audit.viewProof', { txn })}
      data-testid="forecast-proof-thumb"
    >
      {proof.url ? (
        <img src={proof.url} alt="" className="cp-proof__img" />
      ) : (
        <span className="cp-proof__loading" aria-hidden="true" />
      )}
    </button>
  );
}

export function ProofSheet({ fileId, onClose }: { fileId: string | null; onClose: () => void }) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <Sheet
      visible={fileId !== null}
      title={t('audit.proofTitle')}
      onClose={onClose}
      wideWidth={720}
      data-testid="forecast-proof-sheet"
    >
      {fileId ? <ProofImage fileId={fileId} /> : null}
    </Sheet>
  );
}

function ProofImage({ fileId }: { fileId: string }) {
  const { t } = useTranslation(FINANCE_NS);
  const proof = useProofUrl(fileId);
  if (proof.failed) return <p>{t('audit.proofUnavailable')}</p>;
  if (!proof.url) return <p role="status">{t('audit.proofLoading')}</p>;
  return (
    <figure className="cp-proof-full">
      <img src={proof.url} alt={t('audit.proofTitle')} className="cp-proof-full__img" />
      <figcaption>
        <a className="cp-text-link" href={proof.url} target="_blank" rel="noopener noreferrer">
          {t('audit.openProof')}
        </a>
      </figcaption>
    </figure>
  );
}
