/** Uploads and their download (spec §5, §7): the proof upload of a USD transfer and the file view. */
import { fileView, topupUpload } from '../../../contract/finance';
import type { Registrar } from '../../lib/route';
import { mainAccountOf, principalOf } from '../../lib/principal';
import { fileResponse, readFile } from './read-file';
import { storeUpload } from './store-upload';

export function registerFilesRoutes(register: Registrar): void {
  register(topupUpload, async (input, call) => {
    const me = mainAccountOf(call);
    return storeUpload(call.app, { accountId: me.accountId, purpose: 'topup_proof' }, input.file);
  });

  // The owner reads its files; a member only what its role and the file's purpose allow (read-file.ts).
  register(fileView, async (input, call) =>
    fileResponse(await readFile(call.app, input.id, principalOf(call))),
  );
}
