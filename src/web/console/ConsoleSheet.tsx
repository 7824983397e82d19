/**
 * The console's dialogs: a bottom sheet on a phone, a centred dialog on a wide screen, like the PWA's
 * Sheet (components/ui/Sheet.tsx) but on the console's own strings. A tap on the backdrop does not
 * close it: it holds typed text (a notice body, a reason) that a stray tap must not throw away.
 */
import { CenterPopup, Popup } from 'antd-mobile';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, WIDE_QUERY } from '@web/components/ui/useMediaQuery';

export interface ConsoleSheetProps {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Width of the centred dialog on wide screens. */
  wideWidth?: number;
  'data-testid'?: string;
}

export function ConsoleSheet({
  visible,
  title,
  onClose,
  children,
  footer,
  wideWidth = 560,
  ...rest
}: ConsoleSheetProps) {
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
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="console-sheet-body">{children}</div>
      {footer ? <footer className="console-sheet-footer">{footer}</footer> : null}
    </div>
  );
  const common = { visible, onClose, closeOnMaskClick: false, destroyOnClose: true, showCloseButton: false };
  return wide ? (
    <CenterPopup
      {...common}
      style={{ '--max-width': `min(${wideWidth}px, 92vw)`, '--min-width': `min(${wideWidth}px, 92vw)` }}
    >
      {content}
    </CenterPopup>
  ) : (
    <Popup {...common} position="bottom" bodyClassName="console-sheet-popup">
      {content}
    </Popup>
  );
}
