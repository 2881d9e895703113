import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme';
import { buildUploadedFile, documentationTemplate } from '../../testing/factories/documentation';
import { DocumentationFormFields } from './documentation-form-fields';

const renderFields = (props: Partial<Parameters<typeof DocumentationFormFields>[0]> = {}) =>
  render(
    <MantineProvider theme={theme} env="test">
      <DocumentationFormFields sections={documentationTemplate} answers={{}} {...props} />
    </MantineProvider>,
  );

describe('DocumentationFormFields (shared renderer)', () => {
  it('as a template preview without uploads: the questions work, the file picker is shown but disabled', async () => {
    const onChange = vi.fn();
    renderFields({ onChange });
    await userEvent.click(screen.getByRole('radio', { name: 'Abfall' }));
    expect(onChange).toHaveBeenCalledWith('thema', 'abfall');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Eltern' }));
    expect(onChange).toHaveBeenCalledWith('beteiligte', ['eltern']);
    expect(screen.getByRole('button', { name: 'Dateien auswählen' })).toBeDisabled();
  });

  it('Enter on "Dateien auswählen" opens the file chooser once, like Space (issue 19)', async () => {
    renderFields({ uploads: { onAdd: vi.fn(), onDelete: vi.fn(), pending: [], onDismiss: vi.fn() } });
    const photos = screen.getByRole('group', { name: /^Fotos aus dem Projekt/ });
    const button = within(photos).getByRole('button', { name: 'Dateien auswählen' });
    const chooser = photos.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.fn((event: Event) => event.preventDefault());
    chooser.addEventListener('click', opened);
    button.focus();
    // the keyboard as a browser delivers it: keydown Enter (whose default is the button's click), then keyup
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    button.dispatchEvent(enter);
    if (!enter.defaultPrevented) button.click();
    expect(opened).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('read-only: answers and files shown, nothing to change, errors linked to their question', () => {
    renderFields({
      readOnly: true,
      answers: { titel: 'Hochbeet', thema: 'wasser', fotos: { consent: true } },
      files: [buildUploadedFile({ name: 'beet.jpg' })],
      errors: { thema: 'Bitte wähle eine Option.' },
    });
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Wasser' })).toBeChecked();
    expect(screen.getByRole('group', { name: /^Hauptthema/ })).toHaveAccessibleDescription('Bitte wähle eine Option.');
    const photos = screen.getByRole('group', { name: /^Fotos aus dem Projekt/ });
    expect(within(photos).getByRole('img', { name: 'beet.jpg' })).toHaveAttribute('src', '/api/facilities/11/documentation/files/1');
    expect(within(photos).queryByRole('button')).not.toBeInTheDocument();
    expect(within(photos).getByRole('checkbox', { name: /Sorgeberechtigten/ })).toBeChecked();
  });

  it('a file the retention rule deleted keeps its place as text: no picture, no link to open (SPEC §9)', () => {
    renderFields({
      readOnly: true,
      answers: { fotos: { consent: true } },
      files: [
        buildUploadedFile({ id: 1, name: 'beet.jpg' }),
        buildUploadedFile({ id: 2, name: 'Datei gelöscht (Aufbewahrungsfrist)', removed: true, width: null, height: null }),
      ],
    });
    const photos = screen.getByRole('group', { name: /^Fotos aus dem Projekt/ });
    expect(within(photos).getByText('Datei gelöscht (Aufbewahrungsfrist)')).toBeInTheDocument();
    expect(within(photos).getAllByRole('img')).toHaveLength(1);
    expect(within(photos).getAllByRole('link')).toHaveLength(1);
  });
});
