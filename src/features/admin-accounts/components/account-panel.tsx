import { Badge, Button, Group, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { formatDateTime } from '../../../lib/locale';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useEndUserSessions } from '../api/end-sessions';
import { useAdminUser } from '../api/get-user';
import { useResendActivation } from '../api/resend-activation';
import { useSetAccountActive } from '../api/set-account-active';
import { useSetAdmin } from '../api/set-admin';
import { useSetJury } from '../api/set-jury';
import { CreateAccountDialog, type AccountPerson } from './create-account-dialog';

/** `person` is the staff entry an account would be created for; null for an account without one */
type Props = { person: AccountPerson | null; userId: number | null; onChanged: () => void };
type Confirm = 'deactivate' | 'end-sessions' | 'make-admin' | 'unmake-admin' | null;

const CONFIRMS = {
  deactivate: {
    title: 'Konto deaktivieren?',
    label: 'Ja, deaktivieren',
    danger: true,
    text: 'Die Person kann sich nicht mehr anmelden; alle ihre Sitzungen enden sofort. Du kannst das Konto später wieder aktivieren.',
  },
  'end-sessions': {
    title: 'Alle Sitzungen beenden?',
    label: 'Ja, alle beenden',
    danger: true,
    text: 'Die Person wird auf allen Geräten abgemeldet und muss sich neu anmelden.',
  },
  'make-admin': {
    title: 'Verwaltungsrechte geben?',
    label: 'Ja, Verwaltungsrechte geben',
    danger: false,
    text: 'Das Konto sieht und ändert dann alle KiTas, Personen und KiTa-Jahre. Es muss sich mit zweitem Faktor anmelden.',
  },
  'unmake-admin': {
    title: 'Verwaltungsrechte entziehen?',
    label: 'Ja, Rechte entziehen',
    danger: true,
    text: 'Das Konto kann die Verwaltung danach nicht mehr öffnen.',
  },
} as const;

/**
 * The account actions of issue 4 on the person's page: create, resend activation, (de)activate, end sessions, admin;
 * and the jury switch of issue 12 (no confirm: it opens only the documentation forms and is taken back as easily).
 */
export function AccountPanel({ person, userId, onChanged }: Props) {
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const user = useAdminUser(userId);
  const resend = useResendActivation();
  const setActive = useSetAccountActive();
  const endSessions = useEndUserSessions();
  const setAdmin = useSetAdmin();
  const setJury = useSetJury();
  const juryHintId = useId();
  const done = { onSuccess: (msg: string) => notify({ message: msg }), onError: (error: unknown) => reportError(error, 'Das hat nicht geklappt.') };
  const after = () => {
    setConfirm(null);
    onChanged();
  };

  if (userId === null) {
    if (!person) return <Text>Kein Benutzerkonto.</Text>;
    return (
      <Stack gap="xs" align="flex-start">
        <Text>Diese Person hat noch kein Benutzerkonto.</Text>
        <Button onClick={() => setCreating(true)}>Benutzerkonto anlegen</Button>
        <CreateAccountDialog person={person} opened={creating} onClose={() => setCreating(false)} onCreated={onChanged} />
      </Stack>
    );
  }
  if (user.isPending) return <Loader size="sm" role="status" aria-label="Konto wird geladen" />;
  if (user.isError) return <Text c="red">Das Konto konnte nicht geladen werden.</Text>;
  const u = user.data;
  const active = u.deactivatedAt === null;

  const runConfirm = () => {
    if (confirm === 'deactivate')
      setActive.mutate(
        { userId, active: false },
        { onSuccess: () => done.onSuccess('Das Konto ist deaktiviert; seine Sitzungen sind beendet.'), onError: done.onError, onSettled: after },
      );
    if (confirm === 'end-sessions') endSessions.mutate(userId, { ...done, onSettled: after });
    if (confirm === 'make-admin' || confirm === 'unmake-admin') {
      const isAdmin = confirm === 'make-admin';
      setAdmin.mutate(
        { userId, isAdmin },
        {
          onSuccess: () => done.onSuccess(isAdmin ? 'Das Konto hat jetzt Verwaltungsrechte.' : 'Das Konto hat keine Verwaltungsrechte mehr.'),
          onError: done.onError,
          onSettled: after,
        },
      );
    }
  };
  const c = confirm ? CONFIRMS[confirm] : null;

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Title order={3} size="h5">
          {u.email}
        </Title>
        <Badge variant="light" color={active && u.activatedAt ? 'green' : 'gray'}>
          {!active ? 'deaktiviert' : u.activatedAt ? 'aktiv' : 'noch nicht aktiviert'}
        </Badge>
        {u.isAdmin && <Badge variant="light">Admin</Badge>}
        {u.isJury && <Badge variant="light">Jury</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 4 }}>
        <Text size="sm">{`Angelegt: ${formatDateTime(u.createdAt)}`}</Text>
        <Text size="sm">{`Aktiviert: ${u.activatedAt ? formatDateTime(u.activatedAt) : '–'}`}</Text>
        <Text size="sm">{`Zuletzt angemeldet: ${u.lastLoginAt ? formatDateTime(u.lastLoginAt) : '–'}`}</Text>
        <Text size="sm">{`${u.activeSessions === 1 ? 'Eine aktive Sitzung' : `${u.activeSessions} aktive Sitzungen`} · zweiter Faktor ${u.totpEnabled ? 'an' : 'aus'}`}</Text>
      </SimpleGrid>
      <Group gap="xs">
        {!u.activatedAt && active && (
          <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate(userId, { ...done, onSettled: onChanged })}>
            Aktivierungslink erneut senden
          </Button>
        )}
        {active ? (
          <Button variant="default" onClick={() => setConfirm('deactivate')}>
            Konto deaktivieren
          </Button>
        ) : (
          <Button
            variant="default"
            loading={setActive.isPending}
            onClick={() =>
              setActive.mutate(
                { userId, active: true },
                { onSuccess: () => done.onSuccess('Das Konto ist wieder aktiv.'), onError: done.onError, onSettled: onChanged },
              )
            }
          >
            Konto reaktivieren
          </Button>
        )}
        <Button variant="default" disabled={u.activeSessions === 0} onClick={() => setConfirm('end-sessions')}>
          Alle Sitzungen beenden
        </Button>
        <Button variant="default" onClick={() => setConfirm(u.isAdmin ? 'unmake-admin' : 'make-admin')}>
          {u.isAdmin ? 'Verwaltungsrechte entziehen' : 'Verwaltungsrechte geben'}
        </Button>
      </Group>
      <div>
        {/* the explanation outside the label: Mantine puts a description inside it, which would lengthen the switch's name */}
        <Switch
          label="Jury-Mitglied"
          aria-describedby={juryHintId}
          checked={u.isJury}
          disabled={setJury.isPending}
          onChange={(event) => {
            const isJury = event.currentTarget.checked;
            setJury.mutate(
              { userId, isJury },
              {
                onSuccess: () => done.onSuccess(isJury ? 'Das Konto gehört jetzt zur Jury.' : 'Das Konto gehört nicht mehr zur Jury.'),
                onError: done.onError,
                onSettled: onChanged,
              },
            );
          }}
        />
        <Text id={juryHintId} size="sm" c="dimmed">
          Kann in der Verwaltung nur die Dokumentationsbögen öffnen.
        </Text>
      </div>
      <ConfirmDialog
        opened={c !== null}
        title={c?.title ?? ''}
        confirmLabel={c?.label ?? ''}
        danger={c?.danger}
        loading={setActive.isPending || endSessions.isPending || setAdmin.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={runConfirm}
      >
        {c?.text ?? ''}
      </ConfirmDialog>
    </Stack>
  );
}
