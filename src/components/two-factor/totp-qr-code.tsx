import { Code, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type Props = { otpauthUrl: string; secret: string };

/** qrcode is loaded only where a second factor is set up, so the login chunk stays small. */
const renderSvg = (text: string) => import('qrcode').then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));

/** Groups of four make the base32 secret easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The otpauth:// QR code to scan, and the same secret as text for manual entry. */
export function TotpQrCode({ otpauthUrl, secret }: Props) {
  const [svg, setSvg] = useState<{ for: string; src: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void renderSvg(otpauthUrl).then((markup) => {
      if (!cancelled) setSvg({ for: otpauthUrl, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
    });
    return () => {
      cancelled = true;
    };
  }, [otpauthUrl]);

  return (
    <Stack gap="xs">
      {svg?.for === otpauthUrl ? (
        <Image src={svg.src} alt="QR-Code für deine Authenticator-App" w={200} h={200} fit="contain" bg="white" />
      ) : (
        <Skeleton w={200} h={200} aria-hidden />
      )}
      <Text size="sm">Kein Scan möglich? Gib diesen Schlüssel in deiner App von Hand ein:</Text>
      <Code block aria-label="Schlüssel zur manuellen Eingabe" style={{ fontSize: '1rem', letterSpacing: '0.05em' }}>
        {groupSecret(secret)}
      </Code>
    </Stack>
  );
}
