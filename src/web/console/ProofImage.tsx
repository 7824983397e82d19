/** An image the server sends only with the operator's token: fetched, shown from a blob URL. */
import { useEffect, useState } from 'react';

export function ProofImage({ load, alt }: { load: () => Promise<Blob>; alt: string }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let made = '';
    load()
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(''));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [load]);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="console-proof" src={url} alt={alt} />
    </a>
  ) : null;
}
