/**
 * /subCardList (spec §2, permission 2006002): the owner's view of the cards its sub-accounts
 * opened — the card list itself, scoped to the team and filterable by member.
 */
import { CardList } from '../list/CardListPage';
import { useChosenMember } from '../team/MemberPicker';

export function SubCardListPage() {
  const subAccountId = useChosenMember();
  return <CardList team={{ subAccountId }} />;
}
