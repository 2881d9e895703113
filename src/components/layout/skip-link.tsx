import classes from './skip-link.module.css';

/** First focusable element of every page: keyboard users jump past header and navigation. */
export function SkipLink() {
  return (
    <a href="#main-content" className={classes.skipLink}>
      Zum Inhalt springen
    </a>
  );
}
