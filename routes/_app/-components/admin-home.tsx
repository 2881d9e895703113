import { Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Admins see a short start instead of a KiTa's checklist (they need no active KiTa). */
export function AdminHome() {
  return (
    <>
      <Text mb="md">Du bist als Administrator angemeldet. Häufige Aufgaben:</Text>
      <List spacing="xs" aria-label="Häufige Aufgaben der Verwaltung">
        <List.Item>
          <Anchor component={Link} to="/verwaltung/kita-jahre">
            KiTa-Jahre
          </Anchor>
          : Anmeldung öffnen und schließen, Fristen
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/verwaltung/kitas">
            KiTas
          </Anchor>
          : alle KiTas, Stammdaten, Export
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/verwaltung/personen">
            Personen
          </Anchor>
          : Personal und Benutzerkonten
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/verwaltung">
            Alle Bereiche der Verwaltung
          </Anchor>
        </List.Item>
      </List>
    </>
  );
}
