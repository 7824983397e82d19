/**
 * The customer-service contacts of the "contact service" dialog (spec §1, §2): two QR images, and
 * for the phone that shows them (where scanning one's own screen is impossible) the id to copy and
 * the chat link to open. Change them here: `image` is a file under public/
 * (tools/make-service-qr.mjs makes the demo ones, from the same links), `label` an i18n key of the
 * shell namespace, `file` the name a saved copy gets, `handle` the id people search for in the
 * app, `chatLink` the https link that opens the chat in the app (null where the app has none).
 */
export interface ServiceContact {
  id: string;
  label: string;
  image: string;
  file: string;
  handle: string;
  chatLink: string | null;
}

export const SERVICE_CONTACTS: readonly [ServiceContact, ServiceContact] = [
  {
    id: 'wechat',
    label: 'service.wechat',
    image: '/service-qr/wechat.png',
    file: 'card-portal-wechat.png',
    handle: 'CardPortalService',
    // WeChat's customer-service ("kfid") link, the same one the QR image holds.
    chatLink: 'https://work.weixin.qq.com/kfid/kfc7c2d4e8a15b3f9d0',
  },
  {
    id: 'telegram',
    label: 'service.telegram',
    image: '/service-qr/telegram.png',
    file: 'card-portal-telegram.png',
    handle: 'CardPortalSupport',
    chatLink: 'https://t.me/CardPortalSupport',
  },
];
