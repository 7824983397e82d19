/**
 * "Contact customer service" (spec §1, §2): the two QR images of service-contacts.ts. On a wide
 * screen the customer scans a code with their phone, so the dialog is the two codes. On the phone
 * itself a code cannot be scanned (issue 18 §5), so each contact leads with what works there: open
 * the chat in the app, copy the id, and save the QR to the photos (the share sheet with the file
 * where the browser can share files, a download otherwise). The images stay real <img> elements,
 * so a long press still offers the system's save and scan actions. Loaded on first opening through
 * `ServiceDialog`.
 */
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../../lib/clipboard';
import { toastError } from '../../lib/notify';
import { shareOrSaveImage } from '../../lib/save-file';
import { CopyIcon } from '../ui/icons';
import { Sheet } from '../ui/Sheet';
import { useMediaQuery, WIDE_QUERY } from '../ui/useMediaQuery';
import { SHELL_NS } from './i18n';
import { SERVICE_CONTACTS, type ServiceContact } from './service-contacts';

function PhoneContact({ contact }: { contact: ServiceContact }) {
  const { t } = useTranslation(SHELL_NS);
  const channel = t(contact.label);
  const save = () => {
    shareOrSaveImage(contact.image, contact.file, t('service.alt', { channel })).catch(() =>
      toastError(t('service.saveFailed')),
    );
  };
  return (
    <li className="cp-service__contact" data-testid={`service-contact-${contact.id}`}>
      <img
        src={contact.image}
        alt={t('service.alt', { channel })}
        width={96}
        height={96}
        className="cp-service__thumb"
        data-testid={`service-qr-${contact.id}`}
      />
      <div className="cp-service__who">
        <span className="cp-service__channel">{channel}</span>
        <button
          type="button"
          className="cp-service__handle"
          onClick={() => void copyWithNotice(contact.handle, t('service.copyFailed', { id: contact.handle }))}
          aria-label={t('service.copyId', { channel, id: contact.handle })}
          data-testid={`service-copy-${contact.id}`}
        >
          <span className="cp-mono">{contact.handle}</span>
          <CopyIcon />
        </button>
      </div>
      <div className="cp-service__actions">
        {contact.chatLink ? (
          <a
            href={contact.chatLink}
            target="_blank"
            rel="noopener noreferrer"
            className="cp-service__open"
            data-testid={`service-open-${contact.id}`}
          >
            {t('service.open', { channel })}
          </a>
        ) : null}
        <button
          type="button"
          className="cp-service__save-button"
          onClick={save}
          data-testid={`service-save-${contact.id}`}
        >
          {t('service.savePhoto')}
          <span className="cp-visually-hidden"> ({channel})</span>
        </button>
      </div>
    </li>
  );
}

function WideContact({ contact }: { contact: ServiceContact }) {
  const { t } = useTranslation(SHELL_NS);
  const channel = t(contact.label);
  return (
    <li className="cp-service__code">
      <img
        src={contact.image}
        alt={t('service.alt', { channel })}
        width={180}
        height={180}
        className="cp-service__image"
        data-testid={`service-qr-${contact.id}`}
      />
      <span className="cp-service__channel">{channel}</span>
      <span className="cp-service__id">
        {t('service.idLabel')} <span className="cp-mono">{contact.handle}</span>
      </span>
      <a
        href={contact.image}
        download={contact.file}
        className="cp-service__save"
        data-testid={`service-save-${contact.id}`}
      >
        {t('service.save')}
        <span className="cp-visually-hidden"> ({channel})</span>
      </a>
    </li>
  );
}

export function ServiceDialogSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation(SHELL_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  return (
    <Sheet
      visible={visible}
      title={t('service.title')}
      onClose={onClose}
      wideWidth={560}
      data-testid="service-dialog"
    >
      <p className="cp-service__intro">{t(wide ? 'service.intro' : 'service.introPhone')}</p>
      <ul className={wide ? 'cp-service__codes' : 'cp-service__contacts'}>
        {SERVICE_CONTACTS.map((contact) =>
          wide ? (
            <WideContact key={contact.id} contact={contact} />
          ) : (
            <PhoneContact key={contact.id} contact={contact} />
          ),
        )}
      </ul>
      {wide ? <p className="cp-service__hint">{t('service.longPress')}</p> : null}
    </Sheet>
  );
}
