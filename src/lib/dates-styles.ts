// The date pickers' styles, imported by the components that show a picker: the first page (/login) has none, so
// Mantine's dates stylesheet (~4 KB gzip) loads with the first page that has one (scripts/bench/bundle.mjs).
import '@mantine/dates/styles.css';
import './dates-contrast.css';
