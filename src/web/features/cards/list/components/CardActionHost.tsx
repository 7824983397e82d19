/** Shows the sheet of the per-card action the customer picked, and nothing otherwise. */
import type { CardView } from '@contract/cards';
import { OtpSheet } from '../../otp/OtpSheet';
import { BalanceSheet } from '../actions/BalanceSheet';
import { CardBillSheet } from '../actions/CardBillSheet';
import { CardLogSheet } from '../actions/CardLogSheet';
import { DeleteSheet } from '../actions/DeleteSheet';
import { DetailsSheet } from '../actions/DetailsSheet';
import { EditAddressSheet } from '../actions/EditAddressSheet';
import { FreezeSheet } from '../actions/FreezeSheet';
import { RechargeSheet } from '../actions/RechargeSheet';
import { WithdrawSheet } from '../actions/WithdrawSheet';
import { SpendingCardSheetLazy } from '../../spending/lazy';
import type { CardAction } from './card-rows';

export interface ActiveAction {
  card: CardView;
  action: CardAction;
}

export interface CardActionHostProps {
  active: ActiveAction | null;
  onClose: () => void;
  /** The cards the action changed, as the server answered them. */
  onChanged: (cards: CardView[]) => void;
}

export function CardActionHost({ active, onClose, onChanged }: CardActionHostProps) {
  if (!active) return null;
  const { card, action } = active;
  const done = (cards: CardView[]) => {
    onChanged(cards);
    onClose();
  };
  switch (action) {
    case 'recharge':
      return <RechargeSheet card={card} onClose={onClose} onDone={done} />;
    case 'withdraw':
      return <WithdrawSheet card={card} onClose={onClose} onDone={done} />;
    case 'freeze':
    case 'activate':
      return <FreezeSheet card={card} action={action} onClose={onClose} onDone={done} />;
    case 'delete':
      return <DeleteSheet card={card} onClose={onClose} onDone={done} />;
    case 'editAddress':
      return <EditAddressSheet card={card} onClose={onClose} onDone={done} />;
    case 'details':
      return <DetailsSheet card={card} onClose={onClose} />;
    case 'log':
      return <CardLogSheet card={card} onClose={onClose} />;
    case 'bill':
      return <CardBillSheet card={card} onClose={onClose} />;
    case 'balance':
      return <BalanceSheet card={card} onClose={onClose} onFresh={onChanged} />;
    case 'otp':
      return <OtpSheet visible card={card} onClose={onClose} />;
    case 'spending':
      return <SpendingCardSheetLazy card={card} onClose={onClose} />;
  }
}
