/**
 * The verification order's form: personal or business, the person (the customer, or the legal
 * representative), the company, and the document images. "Save" keeps a draft; "Submit" sends it
 * for review — the server names whatever is still missing.
 */
import Button from '../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityOrderView } from '../../../contract/identity';
import { identityOrder } from '../../../contract/identity';
import { ImageUpload } from '../../components/ui/ImageUpload';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { ApiError, call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { useValidate } from '../../lib/useValidate';
import { uploadDocument } from './api';
import { IDENTITY_NS } from './i18n';
import { DateField } from '../../components/ui/DateField';

type Kind = 'individual' | 'business';
type IdType = 'id_card' | 'passport';
type DocField = 'idFrontFileId' | 'idBackFileId' | 'selfieFileId' | 'licenceFileId';

interface Draft {
  kind: Kind;
  personName: string;
  idType: IdType;
  idNumber: string;
  idExpiresOn: string;
  companyName: string;
  registrationNumber: string;
  files: Partial<Record<DocField, string>>;
}

function draftOf(order: IdentityOrderView | null): Draft {
  return {
    kind: order?.kind ?? 'individual',
    personName: order?.personName ?? '',
    idType: order?.idType ?? 'id_card',
    idNumber: '',
    idExpiresOn: order?.idExpiresOn ?? '',
    companyName: order?.companyName ?? '',
    registrationNumber: order?.registrationNumber ?? '',
    files: {},
  };
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

export function OrderForm({ order, onSaved }: { order: IdentityOrderView | null; onSaved: () => void }) {
  const { t } = useTranslation(IDENTITY_NS);
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  // What the contract's rules refuse before sending (text-rules.ts: names as on the document).
  const [invalid, setInvalid] = useState<Partial<Record<string, string>>>({});
  const validate = useValidate();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const business = draft.kind === 'business';

  const send = async (action: 'save' | 'submit') => {
    const values = {
      action,
      kind: draft.kind,
      personName: optional(draft.personName),
      idType: draft.idType,
      idNumber: optional(draft.idNumber),
      idExpiresOn: optional(draft.idExpiresOn),
      companyName: business ? optional(draft.companyName) : undefined,
      registrationNumber: business ? optional(draft.registrationNumber) : undefined,
      ...draft.files,
    };
    const checked = validate(identityOrder.request, values as Record<string, unknown>, {
      personName: t('fields.personName'),
      companyName: t('fields.companyName'),
      registrationNumber: t('fields.registrationNumber'),
      idNumber: t('fields.idNumber'),
      idExpiresOn: t('fields.idExpiresOn'),
    });
    setInvalid(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(action);
    setMissing([]);
    try {
      await call(identityOrder, values);
      toastSuccess(t(action === 'save' ? 'saved' : 'submitted'));
      onSaved();
    } catch (error) {
      const fields =
        error instanceof ApiError ? (error.data as { fields?: string[] } | null)?.fields : undefined;
      if (fields) setMissing(fields);
    } finally {
      setBusy(null);
    }
  };

  const err = (field: string) => invalid[field] ?? (missing.includes(field) ? t('missingField') : undefined);
  const doc = (field: DocField) => (
    <div className="cp-identity__doc" key={field}>
      <ImageUpload
        label={t(`fields.${field}`)}
        upload={async (file) => {
          const answer = await uploadDocument(file);
          if (answer.fileId) set('files', { ...draft.files, [field]: answer.fileId });
          return answer;
        }}
        data-testid={`identity-doc-${field}`}
      />
      {order?.[field] && !draft.files[field] ? <span className="cp-identity__kept">{t('kept')}</span> : null}
      {err(field) ? <span className="cp-identity__error">{err(field)}</span> : null}
    </div>
  );

  return (
    <form className="cp-identity__form" onSubmit={(e) => e.preventDefault()} data-testid="identity-form">
      <SelectField<Kind>
        label={t('kindLabel')}
        value={draft.kind}
        options={[
          { value: 'individual', label: t('kind.individual') },
          { value: 'business', label: t('kind.business') },
        ]}
        onChange={(value) => set('kind', value)}
        data-testid="identity-kind"
      />
      {business ? (
        <fieldset>
          <legend>{t('company')}</legend>
          <TextField
            label={t('fields.companyName')}
            value={draft.companyName}
            onChange={(v) => set('companyName', v)}
            error={err('companyName')}
            data-testid="identity-companyName"
          />
          <TextField
            label={t('fields.registrationNumber')}
            value={draft.registrationNumber}
            onChange={(v) => set('registrationNumber', v)}
            error={err('registrationNumber')}
            data-testid="identity-registrationNumber"
          />
          {doc('licenceFileId')}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{business ? t('representative') : t('person')}</legend>
        <TextField
          label={t('fields.personName')}
          value={draft.personName}
          onChange={(v) => set('personName', v)}
          error={err('personName')}
          autoComplete="name"
          data-testid="identity-personName"
        />
        <SelectField<IdType>
          label={t('fields.idType')}
          value={draft.idType}
          options={[
            { value: 'id_card', label: t('idType.id_card') },
            { value: 'passport', label: t('idType.passport') },
          ]}
          onChange={(value) => set('idType', value)}
          data-testid="identity-idType"
        />
        <TextField
          label={t('fields.idNumber')}
          value={draft.idNumber}
          onChange={(v) => set('idNumber', v)}
          error={err('idNumber')}
          hint={order?.idNumberTail ? t('idNumberKept', { tail: order.idNumberTail }) : undefined}
          autoComplete="off"
          data-testid="identity-idNumber"
        />
        <DateField
          name="idExpiresOn"
          label={t('fields.idExpiresOn')}
          value={draft.idExpiresOn}
          onChange={(v) => set('idExpiresOn', v)}
          error={err('idExpiresOn')}
          data-testid="identity-idExpiresOn"
        />
        <div className="cp-identity__docs">
          {doc('idFrontFileId')}
          {doc('idBackFileId')}
          {business ? null : doc('selfieFileId')}
        </div>
      </fieldset>
      <div className="cp-identity__actions">
        <Button
          onClick={() => void send('save')}
          loading={busy === 'save'}
          disabled={busy !== null}
          data-testid="identity-save"
        >
          {t('save')}
        </Button>
        <Button
          color="primary"
          onClick={() => void send('submit')}
          loading={busy === 'submit'}
          disabled={busy !== null}
          data-testid="identity-submit"
        >
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
