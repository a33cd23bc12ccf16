import { downloadBlob } from '@exam/api';
import { useEffect, useState } from 'react';

/**
 * An image only its viewers may read (captures: token in the header, POST), fetched as a blob and shown
 * through an object URL; the URL is revoked when the address changes or the viewer goes. An address
 * that changes with every new image keeps an unchanged one from being fetched again.
 */
export function useBlobImage(address: string): string {
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (!address) return setSrc('');
    let href = '';
    let live = true;
    downloadBlob(address, {}, { silent: true })
      .then((blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setSrc(href);
      })
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [address]);
  return src;
}
