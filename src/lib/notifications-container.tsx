// Its own module so that the bundler keeps Mantine's container (and react-transition-group) out of the first load.
export { Notifications } from '@mantine/notifications';
