/**
 * /subCardRecord (spec §2, permission 2006003): the owner's view of the records of its
 * sub-accounts' cards — the records page itself, scoped to the team and filterable by member.
 */
import { useChosenMember } from '../team/MemberPicker';
import { CardRecords } from './CardRecordPage';

export function SubCardRecordPage() {
  const subAccountId = useChosenMember();
  return <CardRecords team={{ subAccountId }} />;
}
