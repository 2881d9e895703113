import { Center, Loader } from '@mantine/core';

/** Shown by the router when a page takes longer than a moment (e.g. the first login-status check). */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Seite wird geladen">
      <Loader />
    </Center>
  );
}
