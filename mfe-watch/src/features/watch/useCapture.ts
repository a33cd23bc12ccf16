import { downloadBlob } from '@exam/api';
import { useEffect, useState } from 'react';

/**
 * The grid gives each cell the address of its latest capture (proctors only, token in the header), so the
 * image is fetched as a blob and shown through an object URL. The address changes with every new capture,
 * so an unchanged cell is not fetched again on each refresh.
 */
export function useCapture(address: string): string {
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
