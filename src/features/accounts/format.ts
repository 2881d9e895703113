import dayjs from 'dayjs';

/** seed §1 / CONVENTIONS: German dates DD.MM.YYYY and 24-hour times. */
export const formatDate = (iso: string) => dayjs(iso).format('DD.MM.YYYY');
export const formatDateTime = (iso: string) => `${dayjs(iso).format('DD.MM.YYYY')}, ${dayjs(iso).format('HH:mm')} Uhr`;
