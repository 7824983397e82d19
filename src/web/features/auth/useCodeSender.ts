/**
 * Builds the `onSend` of a SendCodeButton for an endpoint that mails a code to an address:
 * validates the address with the contract's schema first (showing the error on the field), then
 * sends, and tells the button how long to wait.
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { codeSent } from '../../../contract/auth';
import type { EndpointDef } from '../../../contract/core';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { resendWait, retryAfterOf } from './api';
import { loadFieldSchemas } from './contract';

export type CodeEndpoint = EndpointDef<z.ZodType<unknown, { email: string }>, typeof codeSent>;

/**
 * @param endpoint resolves the endpoint (lazily: see contract.ts)
 * @param showError puts a message on the e-mail field (undefined clears it)
 */
export function useCodeSender(
  endpoint: () => Promise<CodeEndpoint>,
  address: string,
  showError: (message: string | undefined) => void,
) {
  const { t } = useTranslation('auth');
  return async (): Promise<boolean | number> => {
    const [{ email }, target] = await Promise.all([loadFieldSchemas(), endpoint()]);
    const checked = email.safeParse(address);
    if (!checked.success) {
      showError(t('common:validation.email'));
      return false;
    }
    showError(undefined);
    try {
      const sent = await call(target, { email: checked.data });
      toastSuccess(t('sendCode.sent'));
      return resendWait(sent);
    } catch (error) {
      return retryAfterOf(error) ?? false;
    }
  };
}
