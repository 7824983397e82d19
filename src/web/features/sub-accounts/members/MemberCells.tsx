/** The pieces of a member row: who, status, validity and figures. */
import { useTranslation } from 'react-i18next';
import type { SubAccountView } from '@contract/sub-accounts';
import { Money } from '../../../components/ui/Money';
import { Tag } from '../../../components/ui/Tag';
import { productLastDay } from '../../../lib/product-time';
import { TEAM_NS } from '../i18n';
import { daysLeft, memberName, shownStatus, STATUS_TONE } from './member-status';

export function MemberWho({ member }: { member: SubAccountView }) {
  const { t } = useTranslation(TEAM_NS);
  return (
    <span className="cp-team-who">
      <span className="cp-team-who__name">{memberName(member)}</span>
      <span className="cp-team-who__line">{member.email}</span>
      <span className="cp-team-who__line">{t('members.number', { number: member.subUid })}</span>
    </span>
  );
}

export function MemberStatus({ member }: { member: SubAccountView }) {
  const { t } = useTranslation(TEAM_NS);
  const status = shownStatus(member);
  return (
    <Tag tone={STATUS_TONE[status]} data-testid="member-status" data-status={status}>
      {t(`members.status.${status}`)}
    </Tag>
  );
}

/** Valid until a day; the days left when few remain (under 30), so renewals are not missed. */
export function MemberValidity({ member }: { member: SubAccountView }) {
  const { t } = useTranslation(TEAM_NS);
  const left = daysLeft(member.validUntil);
  return (
    <span className="cp-team-validity">
      <time dateTime={member.validUntil}>{productLastDay(member.validUntil)}</time>
      {left !== null && left < 30 ? (
        <span className="cp-team-validity__left">{t('members.expiresIn', { count: left })}</span>
      ) : null}
    </span>
  );
}

export function MemberRecharge({ member }: { member: SubAccountView }) {
  return (
    <span className="cp-team-figures">
      <Money minor={member.figures.cnyRecharge} currency="CNY" />
      <Money minor={member.figures.usdRecharge} currency="USD" />
    </span>
  );
}

export function MemberSpend({ member }: { member: SubAccountView }) {
  return <Money minor={member.figures.usdConsumption} currency="USD" />;
}
