/**
 * Sign-up with `?code=`: who the invitation code belongs to, masked (`j***@q***.com`), so the
 * newcomer sees the code is the one they were given. Asked for silently once the field holds six
 * digits; an unknown code simply shows nothing here (sign-up says why if it is sent).
 */
import { useEffect, useState } from 'react';
import { inviterOfCode } from '../../../contract/agent';
import { call } from '../../lib/http';

export function useInviter(code: string): string | null {
  const [found, setFound] = useState<{ code: string; email: string } | null>(null);
  const wanted = /^\d{6}$/.test(code.trim()) ? code.trim() : null;

  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    call(inviterOfCode, { code: wanted }, { silent: true, signal: abort.signal })
      .then((answer) => setFound({ code: wanted, email: answer.emailMasked }))
      .catch(() => setFound(null));
    return () => abort.abort();
  }, [wanted]);

  return found && found.code === wanted ? found.email : null;
}
