/**
 * The sign-in log's entries (issue 34 §4): on a phone one card per sign-in — the device as the
 * server parsed it ("Chrome 131 · Android 14 · Pixel 5"), the "new device" mark, when, how and
 * with what result, and from which address; on a wide screen the same facts as a table. Tapping an
 * entry opens its detail sheet, the only place the browser's raw string is shown.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../components/ui/Sheet';
import { Tag } from '../../components/ui/Tag';
import { useMediaQuery, WIDE_QUERY } from '../../components/ui/useMediaQuery';
import { productDateTime } from '../../lib/product-time';
import { LOGS_NS } from './i18n';
import type { LoginEntry } from './login-entry';
import { deviceLabel } from './login-entry';
import './login-log.css';

function NewMark({ entry }: { entry: LoginEntry }) {
  const { t } = useTranslation(LOGS_NS);
  return entry.newDevice ? (
    <Tag tone="warn" className="cp-login__new" data-testid="login-new">
      {t('newDevice')}
    </Tag>
  ) : null;
}

function DetailSheet({ entry, onClose }: { entry: LoginEntry | null; onClose: () => void }) {
  const { t } = useTranslation(LOGS_NS);
  const facts: [string, string, string][] = entry
    ? [
        ['device', t('device'), deviceLabel(t, entry)],
        ['kind', t('kindLabel'), t(`kinds.${entry.agent.kind}`)],
        ['time', t('time'), productDateTime(entry.createdAt)],
        ['method', t('method'), t(`methods.${entry.method}`)],
        ['result', t('resultLabel'), t(`result.${entry.result}`)],
        ['ip', t('where'), entry.ip],
        ['raw', t('rawAgent'), entry.device],
      ]
    : [];
  return (
    <Sheet visible={entry !== null} title={t('details')} onClose={onClose} data-testid="login-detail">
      {entry?.newDevice ? (
        <p className="cp-login__hint">
          <NewMark entry={entry} /> {t('newDeviceHint')}
        </p>
      ) : null}
      <dl className="cp-login__facts">
        {facts.map(([key, label, value]) => (
          <div key={key} data-testid={`login-detail-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Sheet>
  );
}

export function LoginLogList({ entries }: { entries: readonly LoginEntry[] }) {
  const { t } = useTranslation(LOGS_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  const [open, setOpen] = useState<LoginEntry | null>(null);
  const how = (r: LoginEntry) => `${t(`methods.${r.method}`)} · ${t(`result.${r.result}`)}`;
  const detailsOf = (r: LoginEntry) => t('detailsOf', { time: productDateTime(r.createdAt) });

  return (
    <>
      {wide ? (
        <table className="cp-personal__table" data-testid="login-log">
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('device')}</th>
              <th>{t('where')}</th>
              <th>{t('resultLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((r) => (
              <tr key={r.id} data-testid="login-row" data-result={r.result}>
                <td>
                  <button
                    type="button"
                    className="cp-login__time"
                    onClick={() => setOpen(r)}
                    aria-label={`${productDateTime(r.createdAt)} — ${detailsOf(r)}`}
                  >
                    {productDateTime(r.createdAt)}
                  </button>
                </td>
                <td>
                  <span data-testid="login-device">{deviceLabel(t, r)}</span> <NewMark entry={r} />
                </td>
                <td>{r.ip}</td>
                <td>{how(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="cp-login__cards" data-testid="login-log">
          {entries.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="cp-login__card"
                data-testid="login-row"
                data-result={r.result}
                onClick={() => setOpen(r)}
              >
                <span className="cp-login__head">
                  <strong data-testid="login-device">{deviceLabel(t, r)}</strong>
                  <NewMark entry={r} />
                </span>
                <span className="cp-login__line">{how(r)}</span>
                <span className="cp-login__line cp-login__muted">
                  {productDateTime(r.createdAt)} · {r.ip}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <DetailSheet entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
