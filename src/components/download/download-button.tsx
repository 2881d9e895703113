import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { reportError } from '../../lib/api-client';
import { fetchFile, saveFile } from '../../lib/download';

/**
 * A button that downloads a file the server builds on request (a PDF): it shows that it is working, and a failure is
 * a notification with the server's German reason, never a file holding the error.
 */
export function DownloadButton({
  apiPath,
  fallbackName,
  failureText,
  children,
  ...props
}: ButtonProps & { apiPath: string; fallbackName: string; failureText: string; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await fetchFile(apiPath, fallbackName);
      saveFile(blob, filename);
    } catch (error) {
      reportError(error, failureText);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...props} loading={busy} onClick={() => void download()}>
      {children}
    </Button>
  );
}
