/**
 * The member's own details — name, number (subUid), sign-in e-mail, mobile, role and validity — and
 * what their role lets them do, read from the rights the server sent (`subPermission`).
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { buildPermissionTree } from '@contract/permissions';
import { Tag } from '../../../components/ui/Tag';
import { hasPermission } from '../../../lib/permissions';
import { productLastDay } from '../../../lib/product-time';
import { accessAtom, appStore, userInfoAtom } from '../../../lib/session';
import { SUB_PROFILE_NS } from './sub-profile-i18n';
import '../../../components/ui/page.css';
import './sub-profile.css';

const TREE = buildPermissionTree();

export function SubDetails() {
  const { t } = useTranslation(SUB_PROFILE_NS);
  const user = useAtomValue(userInfoAtom, { store: appStore });
  useAtomValue(accessAtom, { store: appStore });
  const held = TREE.flatMap((area) => area.children).filter((node) => hasPermission(node.key));
  const sub = user?.sub;

  const rows: { key: string; label: string; value: string }[] = [
    { key: 'nickname', label: t('nickname'), value: user?.nickname || t('none') },
    { key: 'number', label: t('number'), value: sub?.subUid ?? user?.userId ?? t('none') },
    { key: 'email', label: t('email'), value: user?.email || t('none') },
    { key: 'mobile', label: t('mobile'), value: user?.mobile || t('none') },
  ];
  if (sub) rows.push({ key: 'role', label: t('role'), value: sub.roleName });

  return (
    <>
      <section className="cp-panel" aria-labelledby="sub-profile-details">
        <h2 id="sub-profile-details" className="cp-sub-profile__title">
          {t('details')}
        </h2>
        <dl className="cp-sub-profile__list">
          {rows.map((row) => (
            <div key={row.key} className="cp-sub-profile__row" data-testid={`profile-${row.key}`}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
          {sub ? (
            <div className="cp-sub-profile__row" data-testid="profile-validUntil">
              <dt>{t('validUntil')}</dt>
              <dd>
                {productLastDay(sub.validUntil)} {sub.expired ? <Tag tone="warn">{t('expired')}</Tag> : null}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="cp-panel" aria-labelledby="sub-profile-rights">
        <h2 id="sub-profile-rights" className="cp-sub-profile__title">
          {t('rights')}
        </h2>
        {held.length === 0 ? (
          <p className="cp-sub-profile__text">{t('rightsNone')}</p>
        ) : (
          <ul className="cp-sub-profile__rights" data-testid="profile-rights">
            {held.map((node) => (
              <li key={node.key} data-key={node.key}>
                {t(node.titleKey)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
