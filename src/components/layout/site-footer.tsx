import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './app-frame.module.css';

/** One footer link: an external page when the operator configured one, else the portal's own page. */
export type FooterLink = { label: string; href: string | null; to: string };

/**
 * The legal links every page carries (imprint duty, GDPR, BITV 2.0 §7 accessibility statement with its feedback
 * contact). They are ordinary links in a labelled landmark, so they stay reachable by keyboard and screen reader.
 */
export function SiteFooter({ links }: { links: FooterLink[] }) {
  return (
    <footer className={classes.footer}>
      <nav aria-label="Rechtliches">
        <Group component="ul" gap="md" className={classes.footerList}>
          {links.map((link) => (
            <li key={link.label}>
              {link.href ? (
                <Anchor href={link.href} size="sm" target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <VisuallyHidden> (öffnet in neuem Fenster)</VisuallyHidden>
                </Anchor>
              ) : (
                <Anchor component={Link} to={link.to} size="sm">
                  {link.label}
                </Anchor>
              )}
            </li>
          ))}
        </Group>
      </nav>
    </footer>
  );
}
