/** The calls of the verification page. Uploads adapt the envelope to the ImageUpload widget's answer. */
import { identityUpload } from '../../../contract/identity';
import type { UploadAnswer } from '../../components/ui/ImageUpload';
import { ApiError, call, catalogueMessage } from '../../lib/http';
import { translate } from '../../lib/i18n';

export const identityKey = ['identity', 'status'] as const;

export async function uploadDocument(file: File): Promise<UploadAnswer & { fileId?: string }> {
  try {
    const { fileId, url } = await call(identityUpload, { file }, { silent: true });
    return { errcode: 0, errmsg: '', url, fileId };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      errcode: 500,
      errmsg: catalogueMessage(error.code, error.msg, error.path, (key) => translate(key)) ?? '',
    };
  }
}
