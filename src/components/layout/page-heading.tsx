import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The page's h1; focusable by script so focus can move here after a navigation (screen readers announce it).
 * Long German compounds ("Großtagespflege") are hyphenated, or broken as a last resort, at 320 px (WCAG 1.4.10); the
 * size shrinks with the window (22 px at 320 px, Mantine's h1 from ~900 px on), so "Dokumentationsbögen" stays whole
 * where the browser has no German hyphenation (Debian's Chromium).
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Title
      order={1}
      tabIndex={-1}
      data-page-heading
      mb="md"
      style={{ outline: 'none', overflowWrap: 'anywhere', hyphens: 'auto', fontSize: 'clamp(1.375rem, 1rem + 2vw, var(--mantine-h1-font-size))' }}
    >
      {children}
    </Title>
  );
}
