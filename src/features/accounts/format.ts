/** seed §1 / CONVENTIONS: German dates DD.MM.YYYY and the one date-time format of src/app/locale.ts. */
export { formatDate, formatDateTime } from '../../lib/locale';
