/**
 * The calls of the USD transfer pages, built from the contract. The proof image goes through the
 * shared ImageUpload widget, which speaks the generic upload answer `{ errcode, errmsg, url }`;
 * `uploadProof` adapts the envelope answer of topup/upload to it and keeps the file id.
 */
import { fileView, topupUpload } from '@contract/finance';
import type { UploadAnswer } from '../../../components/ui/ImageUpload';
import { ApiError, call, catalogueMessage, download } from '../../../lib/http';
import { translate } from '../../../lib/i18n';

export const financeKeys = {
  limits: ['finance', 'topupAmount'] as const,
  usbank: ['finance', 'usbank'] as const,
  forecasts: ['finance', 'forecasts'] as const,
};

/** The widget's answer, plus the file id the forecast refers to. */
export type ProofUpload = UploadAnswer & { fileId?: string };

export async function uploadProof(file: File): Promise<ProofUpload> {
  try {
    // Silent: the widget shows the reason under the image, where the customer is looking.
    const { fileId, url } = await call(topupUpload, { file }, { silent: true });
    return { errcode: 0, errmsg: '', url, fileId };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const text = catalogueMessage(error.code, error.msg, error.path, (key) => translate(key));
    return { errcode: 500, errmsg: text ?? '' };
  }
}

/** The stored proof image as an object URL (the file needs the Bearer token, so no plain <img src>). */
export async function proofObjectUrl(fileId: string, signal?: AbortSignal): Promise<string> {
  const { blob } = await download(fileView, { id: fileId }, { silent: true, signal });
  return URL.createObjectURL(blob);
}
