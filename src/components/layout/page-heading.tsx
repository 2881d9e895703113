import { Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * A break opportunity (<wbr>) after the joints of long German compounds ("Auszeichnungs|veranstaltung",
 * "Dokumentations|bogen"): at 320 px such a word wraps between its parts instead of inside one, where the browser
 * has no German hyphenation (Debian's Chromium). The text and its accessible name stay as they are.
 */
const JOINT = /(?<=\p{L}{4}(?:ungs|heits|keits|tions|schafts))(?=\p{L}{5})/gu;

export function breakCompounds(text: string): ReactNode {
  const parts = text.split(/(\p{L}{16,})/u);
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const pieces = part.split(JOINT);
    return (
      <Fragment key={i}>
        {pieces.map((piece, j) => (
          <Fragment key={j}>
            {j > 0 && <wbr />}
            {piece}
          </Fragment>
        ))}
      </Fragment>
    );
  });
}

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
      {typeof children === 'string' ? breakCompounds(children) : children}
    </Title>
  );
}
