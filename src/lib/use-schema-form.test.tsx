import { Button, MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { theme } from './theme';
import { FormAlert } from '../components/forms/form-alert';
import { conflictMessage } from '../shared/contracts/common';
import { server } from '../testing/msw-server';
import { createApiClient } from './api-client';
import { formFallbackMessage, useSchemaForm } from './use-schema-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Bitte gib den Namen an.'),
  city: z.string().trim().min(1, 'Bitte gib den Ort an.'),
});
const url = `${location.origin}/api/things`;
const client = createApiClient({ retry: 0 });

function Probe({ onData = () => client.post('things').json() }: { onData?: (data: z.output<typeof schema>) => Promise<unknown> }) {
  const form = useSchemaForm({ schema, initialValues: { name: '', city: '' } });
  return (
    <form noValidate ref={form.formRef} aria-label="Probe" onSubmit={(event) => void form.onSubmit(onData)(event)}>
      <FormAlert failure={form.failure} />
      <TextInput label="Name" {...form.input('name')} />
      <TextInput label="Ort" {...form.input('city')} />
      <Button type="submit">Speichern</Button>
    </form>
  );
}

const renderProbe = (props: Parameters<typeof Probe>[0] = {}) => {
  render(
    <MantineProvider theme={theme} env="test">
      <Probe {...props} />
    </MantineProvider>,
  );
  return userEvent.setup();
};

describe('useSchemaForm: one validation timing, focus and failure texts for every form', () => {
  it('given a failed submit, focus moves to the first invalid field and the typed value stays', async () => {
    const user = renderProbe();
    await user.type(screen.getByLabelText('Ort'), 'Köln');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Bitte gib den Namen an.');
    expect(screen.getByLabelText('Ort')).toHaveValue('Köln');
  });

  it('given a failed submit, a corrected field loses its message at once, and an emptied one gets it back', async () => {
    const user = renderProbe();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const name = screen.getByLabelText('Name');
    await user.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('given nothing submitted yet, typing shows no message', async () => {
    const user = renderProbe();
    await user.type(screen.getByLabelText('Name'), ' ');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('given the server answers reason.fields, they land on the fields and focus goes to the first', async () => {
    server.use(
      http.post(url, () =>
        HttpResponse.json(
          { reason: { message: 'Bitte prüfe deine Eingaben.', code: 'validation', fields: { city: 'Diesen Ort kennen wir nicht.' } } },
          { status: 400 },
        ),
      ),
    );
    const user = renderProbe();
    await user.type(screen.getByLabelText('Name'), 'Erle');
    await user.type(screen.getByLabelText('Ort'), 'Xy');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const city = screen.getByLabelText('Ort');
    await waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAccessibleDescription('Diesen Ort kennen wir nicht.');
    expect(city).toHaveValue('Xy');
  });

  it('given a 409 conflict, the one German text of the contract shows and the input stays', async () => {
    server.use(http.post(url, () => HttpResponse.json({ reason: { message: 'Version veraltet', code: 'conflict' } }, { status: 409 })));
    const user = renderProbe();
    await user.type(screen.getByLabelText('Name'), 'Erle');
    await user.type(screen.getByLabelText('Ort'), 'Köln');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(conflictMessage);
    expect(screen.getByLabelText('Name')).toHaveValue('Erle');
  });

  it('given an answer without a reason, the one fallback text shows', async () => {
    server.use(http.post(url, () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    const user = renderProbe();
    await user.type(screen.getByLabelText('Name'), 'Erle');
    await user.type(screen.getByLabelText('Ort'), 'Köln');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(formFallbackMessage);
  });
});
