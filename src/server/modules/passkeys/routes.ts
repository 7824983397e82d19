/** HTTP <-> contract for passkeys (src/contract/passkeys.ts); the WebAuthn work is lib/webauthn's. */
import {
  passkeyList,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
  passkeySignIn,
  passkeySignInOptions,
  passkeyStepUp,
  passkeyStepUpOptions,
} from '../../../contract/passkeys';
import { fail } from '../../lib/errors';
import type { Registrar } from '../../lib/route';
import { registerPasskey } from './finish-registration';
import { holderOf } from './holder';
import { listPasskeys } from './list-passkeys';
import { removePasskey } from './remove-passkey';
import { signInWithPasskey, startPasskeySignIn } from './sign-in-passkey';
import { startPasskeyRegistration } from './start-registration';
import { startPasskeyStepUp, stepUpWithPasskey } from './step-up-passkey';

export function registerPasskeysRoutes(register: Registrar): void {
  register(passkeyList, (_input, call) => listPasskeys(call.app, holderOf(call)));
  register(passkeyRegisterOptions, (_input, call) => startPasskeyRegistration(call.app, holderOf(call)));
  register(passkeyRegister, (input, call) => registerPasskey(call.app, holderOf(call), input, call.device));
  register(passkeyRemove, ({ id }, call) => removePasskey(call.app, holderOf(call), id));
  register(passkeySignInOptions, (_input, call) => startPasskeySignIn(call.app));
  register(passkeySignIn, ({ credential }, call) => {
    if (!call.clientId) throw fail.unauthorized('server:errors.badClient');
    return signInWithPasskey(call.app, credential, {
      clientId: call.clientId,
      ip: call.ip,
      device: call.device,
    });
  });
  register(passkeyStepUpOptions, ({ purpose }, call) =>
    startPasskeyStepUp(call.app, holderOf(call), purpose),
  );
  register(passkeyStepUp, (input, call) => stepUpWithPasskey(call.app, call, input));
}
