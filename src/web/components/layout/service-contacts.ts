/**
 * The customer-service contacts of the "contact service" dialog (spec §1, §2): two QR images.
 * Change them here: `image` is a file under public/ (tools/make-service-qr.mjs makes the demo
 * ones), `label` an i18n key of the shell namespace, `file` the name a saved copy gets.
 */
export interface ServiceContact {
  id: string;
  label: string;
  image: string;
  file: string;
}

export const SERVICE_CONTACTS: readonly [ServiceContact, ServiceContact] = [
  { id: 'wechat', label: 'service.wechat', image: '/service-qr/wechat.png', file: 'card-portal-wechat.png' },
  {
    id: 'telegram',
    label: 'service.telegram',
    image: '/service-qr/telegram.png',
    file: 'card-portal-telegram.png',
  },
];
