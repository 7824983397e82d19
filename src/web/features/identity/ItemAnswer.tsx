/** One "needs more information" item: the reviewer's question and its answer (an image or a text). */
import Button from '../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityItemView } from '../../../contract/identity';
import { identityAnswer } from '../../../contract/identity';
import { FILE_FIELDS, type IdentityField } from '../../../contract/identity-rules';
import { ImageUpload } from '../../components/ui/ImageUpload';
import { TextField } from '../../components/ui/TextField';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { uploadDocument } from './api';
import { IDENTITY_NS } from './i18n';

export function ItemAnswer({ item, onAnswered }: { item: IdentityItemView; onAnswered: () => void }) {
  const { t } = useTranslation(IDENTITY_NS);
  const [text, setText] = useState('');
  const [fileId, setFileId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wantsFile = FILE_FIELDS.includes(item.field as IdentityField);

  const send = async () => {
    setBusy(true);
    try {
      await call(
        identityAnswer,
        wantsFile ? { itemId: item.id, fileId: fileId ?? '' } : { itemId: item.id, text },
      );
      toastSuccess(t('answeredToast'));
      onAnswered();
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className="cp-identity__item"
      data-testid="identity-item"
      data-field={item.field}
      data-answered={item.answeredAt ? 'yes' : 'no'}
    >
      <p>
        <strong>{t(`fields.${item.field}`)}</strong>: {item.question}
      </p>
      {item.answeredAt ? (
        <p className="cp-identity__kept">{t('itemAnswered')}</p>
      ) : (
        <>
          {wantsFile ? (
            <ImageUpload
              label={t('answerImage')}
              upload={async (file) => {
                const answer = await uploadDocument(file);
                if (answer.fileId) setFileId(answer.fileId);
                return answer;
              }}
              data-testid="identity-item-file"
            />
          ) : (
            <TextField
              label={t('answerText')}
              value={text}
              onChange={setText}
              data-testid="identity-item-text"
            />
          )}
          <Button
            color="primary"
            size="small"
            loading={busy}
            disabled={busy || (wantsFile ? !fileId : text.trim() === '')}
            onClick={() => void send()}
            data-testid="identity-item-send"
          >
            {t('answer')}
          </Button>
        </>
      )}
    </li>
  );
}
