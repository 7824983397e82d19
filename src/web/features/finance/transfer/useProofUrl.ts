/**
 * The proof image of a stored forecast, fetched with the Bearer token and shown through an object
 * URL that is revoked when the image is no longer on screen (or another file is asked for).
 */
import { useEffect, useState } from 'react';
import { proofObjectUrl } from './api';

export interface ProofImage {
  url: string | null;
  failed: boolean;
}

export function useProofUrl(fileId: string | null | undefined): ProofImage {
  const [loaded, setLoaded] = useState<{ fileId: string; url: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (!fileId) return;
    const controller = new AbortController();
    let url: string | null = null;
    proofObjectUrl(fileId, controller.signal).then(
      (made) => {
        if (controller.signal.aborted) return URL.revokeObjectURL(made); // Came back too late.
        url = made;
        setLoaded({ fileId, url: made, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ fileId, url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  // An answer for another file (the row changed) is not this file's image.
  if (!fileId || loaded?.fileId !== fileId) return { url: null, failed: false };
  return { url: loaded.url, failed: loaded.failed };
}
