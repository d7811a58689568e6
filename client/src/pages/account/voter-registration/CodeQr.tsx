import { Box, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

const SIZE = 192;

/**
 * The enrollment code as a QR code (SVG) for the registrar's camera. The qrcode package is fetched only when a
 * code is shown, so /account's first load does not carry it; the box keeps its size meanwhile (no shift).
 */
export function CodeQr({ code, label }: { code: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSource(null);
    import('qrcode')
      .then((qr) => qr.toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      // Without the QR code the written code still works: the registrar types it.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code]);

  return (
    <Box w={SIZE} h={SIZE} bg="white" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
      {source ? (
        <img src={source} alt={label} width={SIZE} height={SIZE} data-testid="enrollment-qr" />
      ) : (
        <Skeleton w={SIZE} h={SIZE} />
      )}
    </Box>
  );
}
