/**
 * One customer, read-only: profile, verification level, wallets, cards (serial and last four digits
 * only: the look-up never has more of a card number) and the recent ledger; freeze or unfreeze for
 * an operator whose role holds customers.freeze.
 */
import { Button, Card, Tag } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerDetailCall } from '@contract/operator-content';
import { call } from '../../api';
import { money, useLoad } from '../../use-load';
import { freezeAction, maskedCard } from './customer-view';
import { FreezeSheet } from './FreezeSheet';

const STATUS_COLOR = { active: 'success', frozen: 'danger', cancelled: 'default' } as const;

export function CustomerDetail({
  id,
  canFreeze,
  onBack,
}: {
  id: string;
  canFreeze: boolean;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const load = useCallback(() => call(customerDetailCall, { id }), [id]);
  const { data, reload } = useLoad(load);
  const [freezing, setFreezing] = useState(false);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  if (!data) return null;
  const { profile } = data;
  const action = canFreeze ? freezeAction(profile.status) : null;
  return (
    <div data-testid="customer-detail">
      <div className="console-actions">
        <Button size="small" onClick={onBack}>
          {t('customers.back')}
        </Button>
      </div>
      <Card className="console-card" title={profile.email}>
        <div className="console-tags">
          <Tag color={STATUS_COLOR[profile.status]} data-testid="customer-status">
            {t(`customers.statuses.${profile.status}`)}
          </Tag>
          <Tag fill="outline">{t(`customers.verification.${data.verification}`, data.verification)}</Tag>
        </div>
        <dl className="console-facts">
          <dt>{t('customers.nickname')}</dt>
          <dd>{profile.nickname ?? '—'}</dd>
          <dt>{t('customers.mobile')}</dt>
          <dd>{profile.mobile ?? '—'}</dd>
          <dt>{t('customers.accountType')}</dt>
          <dd>{t(`customers.accountTypes.${profile.accountType}`)}</dd>
          <dt>{t('customers.plan')}</dt>
          <dd>{profile.planCode}</dd>
          <dt>{t('customers.since')}</dt>
          <dd>{when(profile.createdAt)}</dd>
          <dt>{t('customers.id')}</dt>
          <dd>
            <code>{profile.id}</code>
          </dd>
          {profile.frozenAt && (
            <>
              <dt>{t('customers.frozenAt')}</dt>
              <dd>{when(profile.frozenAt)}</dd>
              <dt>{t('customers.frozenReason')}</dt>
              <dd data-testid="frozen-reason">{profile.frozenReason}</dd>
            </>
          )}
        </dl>
        {action && (
          <div className="console-actions">
            <Button
              color={action === 'freeze' ? 'danger' : 'primary'}
              fill="outline"
              onClick={() => setFreezing(true)}
            >
              {t(`customers.${action}`)}
            </Button>
          </div>
        )}
      </Card>

      <h2 className="console-section-title">{t('customers.wallets')}</h2>
      {data.wallets.length === 0 ? (
        <p className="console-hint">{t('customers.noWallets')}</p>
      ) : (
        <table className="console-table" data-testid="customer-wallets">
          <tbody>
            {data.wallets.map((wallet) => (
              <tr key={wallet.currency}>
                <th scope="row">{wallet.currency}</th>
                <td className="num">{money(wallet.balance, wallet.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="console-section-title">{t('customers.cards')}</h2>
      {data.cards.length === 0 ? (
        <p className="console-hint">{t('customers.noCards')}</p>
      ) : (
        <div className="console-scroll">
          <table className="console-table" data-testid="customer-cards">
            <thead>
              <tr>
                <th scope="col">{t('customers.card')}</th>
                <th scope="col">{t('customers.cardStatus')}</th>
                <th scope="col" className="num">
                  {t('customers.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.cards.map((card) => (
                <tr key={card.id} data-testid="customer-card">
                  <td>
                    {maskedCard(card.last4)}
                    <br />
                    <small className="console-hint">
                      {card.serial}
                      {card.label ? ` · ${card.label}` : ''}
                    </small>
                  </td>
                  <td>{card.status}</td>
                  <td className="num">{money(card.balance, card.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className="console-section-title">{t('customers.ledger')}</h2>
      {data.ledger.length === 0 ? (
        <p className="console-hint">{t('customers.noLedger')}</p>
      ) : (
        <div className="console-scroll">
          <table className="console-table" data-testid="customer-ledger">
            <thead>
              <tr>
                <th scope="col">{t('customers.time')}</th>
                <th scope="col">{t('customers.entry')}</th>
                <th scope="col" className="num">
                  {t('customers.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.ledger.map((row) => (
                <tr key={row.id}>
                  <td>{when(row.createdAt)}</td>
                  <td>
                    {row.description || row.type}
                    {row.cardSerial ? <small className="console-hint"> · {row.cardSerial}</small> : null}
                  </td>
                  <td className="num">{money(row.amount, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {freezing && action && (
        <FreezeSheet
          customer={profile}
          freeze={action === 'freeze'}
          onClose={() => setFreezing(false)}
          onDone={() => {
            setFreezing(false);
            reload();
          }}
        />
      )}
    </div>
  );
}
