/**
 * Publishing and retiring, each in its own sheet that says what will happen: publish now or from a
 * stated time (scheduled), to everyone or to the chosen customers; retire with an optional reason.
 */
import { Button, Radio, Space, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleNoticeView } from '@contract/operator-content';
import { publishConsoleNotice, retireConsoleNotice } from '@contract/operator-content';
import { call } from '../../api';
import { ConsoleSheet } from '../../ConsoleSheet';
import { act } from '../../use-load';
import { isoToLocal, localToIso } from './notice-form';

const HOUR_MS = 3_600_000;

export function PublishSheet({
  notice,
  onClose,
  onDone,
}: {
  notice: ConsoleNoticeView;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => isoToLocal(new Date(Date.now() + HOUR_MS)));
  const [bad, setBad] = useState(false);
  const publish = () => {
    const publishAt = when === 'later' ? localToIso(at) : null;
    if (when === 'later' && !publishAt) {
      setBad(true);
      return;
    }
    void act(
      () => call(publishConsoleNotice, { id: notice.id, ...(publishAt ? { publishAt } : {}) }),
      when === 'later' ? t('notices.scheduled') : t('notices.published'),
      onDone,
    );
  };
  return (
    <ConsoleSheet
      visible
      title={t('notices.publishTitle')}
      onClose={onClose}
      data-testid="notice-publish"
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button color="primary" onClick={publish}>
            {when === 'later' ? t('notices.schedule') : t('notices.publishNow')}
          </Button>
        </>
      }
    >
      <p>
        <strong>{notice.title}</strong>
      </p>
      <p className="console-hint" data-testid="publish-audience">
        {notice.audience === 'all'
          ? t('notices.toAll')
          : t('notices.toChosen', { count: notice.targets.length, emails: notice.targets.join(', ') })}
      </p>
      <Radio.Group value={when} onChange={(v) => setWhen(v as 'now' | 'later')}>
        <Space direction="vertical">
          <Radio value="now">{t('notices.whenNow')}</Radio>
          <Radio value="later">{t('notices.whenLater')}</Radio>
        </Space>
      </Radio.Group>
      {when === 'later' && (
        <label className="console-field" style={{ marginTop: 12 }}>
          <span>{t('notices.publishAt')}</span>
          <input
            type="datetime-local"
            value={at}
            onChange={(event) => {
              setAt(event.target.value);
              setBad(false);
            }}
          />
        </label>
      )}
      {bad && (
        <p className="console-error" role="alert">
          {t('notices.badTime')}
        </p>
      )}
    </ConsoleSheet>
  );
}

export function RetireSheet({
  notice,
  onClose,
  onDone,
}: {
  notice: ConsoleNoticeView;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <ConsoleSheet
      visible
      title={t('notices.retireTitle')}
      onClose={onClose}
      data-testid="notice-retire"
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            color="danger"
            onClick={() =>
              void act(
                () =>
                  call(retireConsoleNotice, {
                    id: notice.id,
                    ...(reason.trim() ? { reason: reason.trim() } : {}),
                  }),
                t('notices.retired'),
                onDone,
              )
            }
          >
            {t('notices.retire')}
          </Button>
        </>
      }
    >
      <p>
        <strong>{notice.title}</strong>
      </p>
      <p className="console-hint">{t('notices.retireHint')}</p>
      <label className="console-field">
        <span>{t('fields.reasonOptional')}</span>
        <TextArea value={reason} onChange={setReason} maxLength={500} rows={2} />
      </label>
    </ConsoleSheet>
  );
}
