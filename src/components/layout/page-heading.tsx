import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page's h1; focusable by script so focus can move here after a navigation (screen readers announce it). */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={1} tabIndex={-1} data-page-heading mb="md" style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
