/**
 * The amount part of a top-up form, shared by the online and bank-card pages: the typed text, the
 * channel's rule (limits from topup/amount), the check against it before anything is sent, the
 * message to show and when, and the quote of an acceptable amount.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../../lib/amount-input';
import { amountMessage, checkAmount, ruleOf, type TopupChannel } from './limits';
import { useQuote } from './useQuote';
import { useTopupLimits } from './useTopupLimits';

export function useAmountEntry(channel: TopupChannel) {
  const { t } = useTranslation();
  const limits = useTopupLimits();
  const [text, setText] = useState('');
  // Too small or malformed is said once the customer leaves the field or submits, not while the
  // first digit is typed; an amount over a ceiling is said at once (more digits cannot fix it).
  const [touched, setTouched] = useState(false);

  const rule = ruleOf(limits.data, channel);
  const check = checkAmount(rule, text, parseAmount(text));
  const overCeiling = !check.ok && (check.reason === 'contactService' || check.reason === 'aboveMax');
  const message = touched || overCeiling ? amountMessage(t, rule, check) : undefined;
  const quote = useQuote(channel, check.ok ? check.amount : null);

  return {
    text,
    setText,
    touch: () => setTouched(true),
    reset: () => {
      setText('');
      setTouched(false);
    },
    rule,
    limitsKnown: limits.data !== undefined || limits.isError,
    check,
    /** Shown on the field; "contact service" has its own notice with buttons instead. */
    fieldError: !check.ok && check.reason === 'contactService' ? undefined : message,
    serviceMessage: !check.ok && check.reason === 'contactService' ? message : undefined,
    quote,
  };
}
