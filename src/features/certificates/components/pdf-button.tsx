import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { reportError } from '../../../lib/api-client';
import { fetchFile, saveFile } from '../../../lib/download';

type Props = ButtonProps & { path: string; fallbackName: string; children: ReactNode; 'aria-describedby'?: string };

/** a certificate PDF: fetched through the one client (a refusal is a notification, not a saved file), then saved */
export function PdfButton({ path, fallbackName, children, ...button }: Props) {
  const [loading, setLoading] = useState(false);
  async function download() {
    setLoading(true);
    try {
      const { blob, filename } = await fetchFile(path, fallbackName);
      saveFile(blob, filename);
    } catch (error) {
      reportError(error, 'Das PDF konnte nicht geladen werden.');
    } finally {
      setLoading(false);
    }
  }
  return (
    <Button size="xs" variant="default" {...button} loading={loading} onClick={() => void download()}>
      {children}
    </Button>
  );
}
