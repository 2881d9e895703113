import { Text } from '@mantine/core';

/** KiTa pages opened without an active KiTa (admins may do that): nothing to show, and why. */
export function NoActiveFacility() {
  return <Text>Wähle zuerst eine KiTa aus, um diese Seite zu nutzen.</Text>;
}
