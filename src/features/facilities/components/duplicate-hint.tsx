import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { DuplicateCandidate } from '../../../shared/contracts/facilities';

type Props = {
  candidates: DuplicateCandidate[];
  /** id of the KiTa whose join request is being sent */
  joiningId: number | null;
  onJoin: (candidate: DuplicateCandidate, message: string) => void;
};

/**
 * Shown before registering when KiTas with the same postal code and a similar name exist: the user may ask to
 * join one of them instead of creating a duplicate. Focus moves here, so screen readers announce it.
 */
export function DuplicateHint({ candidates, joiningId, onJoin }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState('');
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Alert color="yellow" variant="light" role="region" aria-labelledby="duplicate-hint-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="duplicate-hint-title" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Ist deine KiTa schon registriert?
        </Title>
        <Text size="sm">
          Mit dieser Postleitzahl gibt es schon KiTas mit ähnlichem Namen. Wenn deine KiTa dabei ist, frag dort den Zugang an, statt sie ein zweites
          Mal zu registrieren. Die Mitglieder der KiTa und unser Team bekommen deine Anfrage.
        </Text>
        <Textarea
          label="Nachricht zu deiner Anfrage (freiwillig)"
          description="Zum Beispiel, in welcher Gruppe du arbeitest."
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Ähnliche KiTas">
          {candidates.map((candidate) => (
            <Card component="li" key={candidate.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" align="center">
                <div>
                  <Text fw={600}>{candidate.label}</Text>
                  <Text size="sm" c="dimmed">
                    {candidate.street}, {candidate.postalCode} {candidate.city}
                  </Text>
                </div>
                {candidate.isMember ? (
                  <Badge color="green" variant="light">
                    Du bist schon Mitglied
                  </Badge>
                ) : candidate.hasPendingRequest ? (
                  <Badge color="blue" variant="light">
                    Zugang angefragt
                  </Badge>
                ) : (
                  <Button
                    variant="light"
                    loading={joiningId === candidate.id}
                    disabled={joiningId !== null && joiningId !== candidate.id}
                    onClick={() => onJoin(candidate, message)}
                    aria-label={`Zugang anfragen: ${candidate.label}`}
                  >
                    Zugang anfragen
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
        <Text size="sm">Deine KiTa ist nicht dabei? Dann registriere sie unten mit „Trotzdem neu registrieren“.</Text>
      </Stack>
    </Alert>
  );
}
