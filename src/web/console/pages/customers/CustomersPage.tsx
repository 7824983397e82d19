/**
 * Customer look-up (permission customers.read): search by sign-in address (part of it) or account
 * id, then one customer's read-only detail. Freezing needs customers.freeze as well.
 */
import { useRouteContext } from '@tanstack/react-router';
import { Button, Empty, Input, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorMe, OperatorResponseOf } from '@contract/operator';
import { searchCustomersCall } from '@contract/operator-content';
import { call, ConsoleError } from '../../api';
import { CustomerDetail } from './CustomerDetail';

type Hit = OperatorResponseOf<typeof searchCustomersCall>[number];

export function CustomersPage() {
  const { t } = useTranslation();
  const { me } = useRouteContext({ strict: false }) as { me: OperatorMe };
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const search = async () => {
    if (q.trim() === '') return;
    try {
      setHits(await call(searchCustomersCall, { q }));
    } catch (error) {
      if (error instanceof ConsoleError && error.code !== 401) setHits([]);
    }
  };
  return (
    <section>
      <h1>{t('nav.customers')}</h1>
      {chosen ? (
        <CustomerDetail
          id={chosen}
          canFreeze={me.permissions.includes('customers.freeze')}
          onBack={() => {
            setChosen(null);
            void search();
          }}
        />
      ) : (
        <>
          <form
            className="console-filters"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              void search();
            }}
          >
            <Input
              aria-label={t('customers.query')}
              placeholder={t('customers.query')}
              value={q}
              onChange={setQ}
              clearable
            />
            <Button color="primary" type="submit">
              {t('customers.search')}
            </Button>
          </form>
          {hits?.length === 0 && <Empty description={t('customers.noHits')} />}
          {hits && hits.length > 0 && (
            <List>
              {hits.map((hit) => (
                <List.Item
                  key={hit.id}
                  data-testid="customer-hit"
                  onClick={() => setChosen(hit.id)}
                  description={hit.nickname ?? undefined}
                  extra={
                    <Tag color={hit.status === 'active' ? 'success' : 'danger'}>
                      {t(`customers.statuses.${hit.status}`)}
                    </Tag>
                  }
                >
                  {hit.email}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </section>
  );
}
