/**
 * The console's dialog: a bottom sheet on a phone, a centred dialog on a wide screen (like the PWA's
 * Sheet, without its stacking). It never closes on a backdrop tap: it holds typed input.
 */
import { CenterPopup, Popup } from 'antd-mobile';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, WIDE_QUERY } from '../../../components/ui/useMediaQuery';

export interface ConsoleSheetProps {
  visible: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  'data-testid'?: string;
}

export function ConsoleSheet({ visible, title, onClose, children, footer, ...rest }: ConsoleSheetProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const titleId = useId();
  const { t } = useTranslation();
  const content = (
    <div
      className="console-sheet"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={rest['data-testid']}
    >
      <header className="console-sheet-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="console-sheet-close" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
      </header>
      <div className="console-sheet-body">{children}</div>
      <footer className="console-sheet-footer">{footer}</footer>
    </div>
  );
  const common = { visible, onClose, closeOnMaskClick: false, destroyOnClose: true };
  return wide ? (
    <CenterPopup {...common} style={{ '--min-width': 'min(520px, 92vw)', '--max-width': 'min(520px, 92vw)' }}>
      {content}
    </CenterPopup>
  ) : (
    <Popup {...common} position="bottom" bodyClassName="console-sheet-popup">
      {content}
    </Popup>
  );
}
