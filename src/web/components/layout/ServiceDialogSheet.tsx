/**
 * "Contact customer service" (spec §1, §2): the two QR images of service-contacts.ts. They are real
 * <img> elements, so on a phone a long press offers the system's save and scan actions; the save
 * link downloads the file everywhere else. Loaded on first opening through `ServiceDialog`.
 */
import { useTranslation } from 'react-i18next';
import { Sheet } from '../ui/Sheet';
import { SHELL_NS } from './i18n';
import { SERVICE_CONTACTS } from './service-contacts';

export function ServiceDialogSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <Sheet
      visible={visible}
      title={t('service.title')}
      onClose={onClose}
      wideWidth={560}
      data-testid="service-dialog"
    >
      <p className="cp-service__intro">{t('service.intro')}</p>
      <ul className="cp-service__codes">
        {SERVICE_CONTACTS.map((contact) => {
          const channel = t(contact.label);
          return (
            <li key={contact.id} className="cp-service__code">
              <img
                src={contact.image}
                alt={t('service.alt', { channel })}
                width={180}
                height={180}
                className="cp-service__image"
                data-testid={`service-qr-${contact.id}`}
              />
              <span className="cp-service__channel">{channel}</span>
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
        })}
      </ul>
      <p className="cp-service__hint">{t('service.longPress')}</p>
    </Sheet>
  );
}
