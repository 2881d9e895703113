import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The page's h1; focusable by script so focus can move here after a navigation (screen readers announce it).
 * Long German compounds ("Großtagespflege") are hyphenated, or broken as a last resort, at 320 px (WCAG 1.4.10).
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={1} tabIndex={-1} data-page-heading mb="md" style={{ outline: 'none', overflowWrap: 'anywhere', hyphens: 'auto' }}>
      {children}
    </Title>
  );
}
