/**
 * A refusal caused by the account's verification level (a 422 whose `data.identityLevel` names the
 * level needed: the top-up ceiling of an unverified account, the USD transfer of a verified
 * business; docs/api-conventions.md) is shown with a way to the verification page: the server's
 * message in a dialog whose button opens /identity. A team member cannot verify the owner's
 * account, so for a member it stays the usual toast. Loaded on first such refusal (http.ts).
 */
import { loadDialog } from './antd-imperative';
import { translate } from './i18n';
import { toastError } from './notify';
import { getItem } from './storage';

export function offerIdentity(message: string, open: (path: '/identity') => void): void {
  if (getItem('subAccount') === 1) {
    toastError(message);
    return;
  }
  void loadDialog().then((Dialog) =>
    Dialog.confirm({
      content: <span data-testid="identity-refusal">{message}</span>,
      confirmText: (
        <span data-testid="identity-refusal-go">{translate('common:identityRefusal.verify')}</span>
      ),
      cancelText: translate('common:ui.close'),
      onConfirm: () => open('/identity'),
    }),
  );
}
