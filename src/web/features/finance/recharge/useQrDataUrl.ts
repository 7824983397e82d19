/**
 * The QR code of an order's payload as a PNG data URL: shown as a real <img> (a phone's long press
 * offers save and scan) and offered as the "save QR image" download. The qrcode package loads on
 * the first order, not with the page.
 */
import { useEffect, useState } from 'react';

export type QrState = { url: string } | 'loading' | 'failed';

/** Large enough to stay sharp on a 3x screen at the 220 px it is shown at. */
const QR_PIXELS = 640;

async function qrDataUrl(payload: string): Promise<string> {
  // A CommonJS package: its functions are on the default export of the module namespace.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: QR_PIXELS });
}

export function useQrDataUrl(payload: string | null): QrState {
  const [state, setState] = useState<{ payload: string; result: QrState } | null>(null);

  useEffect(() => {
    if (!payload) return;
    let current = true;
    qrDataUrl(payload).then(
      (url) => current && setState({ payload, result: { url } }),
      () => current && setState({ payload, result: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [payload]);

  if (!payload) return 'failed';
  return state?.payload === payload ? state.result : 'loading';
}
