import { Button, FileButton, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/forms/form-alert';
import { reportError } from '../../../lib/api-client';
import { fetchFile, saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  certificateTemplateInputSchema,
  signatureLineSchema,
  templatePlaceholders,
  type CertificateTemplate,
} from '../../../shared/contracts/certificates';
import {
  certificateImageUrl,
  certificatePreviewPath,
  certificateTemplateQueryOptions,
  uploadCertificateImage,
  useSaveCertificateTemplate,
} from '../api/admin-certificates';

const SLOTS = [1, 2, 3] as const;
type Slot = (typeof SLOTS)[number];
type Values = {
  heading: string;
  body: string;
  logoId: string;
} & Record<`name${Slot}` | `role${Slot}` | `image${Slot}`, string>;

const shape = certificateTemplateInputSchema.shape;
const schema = z.object({
  heading: shape.heading,
  body: shape.body,
  logoId: z.string(),
  ...Object.fromEntries(
    SLOTS.flatMap((n) => [
      // the contract's rules (length, characters); a name is required only beside a role or an image (`check`)
      [`name${n}`, signatureLineSchema],
      [`role${n}`, signatureLineSchema],
      [`image${n}`, z.string()],
    ]),
  ),
});

const valuesOf = (t: CertificateTemplate): Values => {
  const v: Record<string, string> = { heading: t.heading, body: t.body, logoId: t.logoId ?? '' };
  for (const n of SLOTS) {
    const s = t.signatures[n - 1];
    v[`name${n}`] = s?.name ?? '';
    v[`role${n}`] = s?.role ?? '';
    v[`image${n}`] = s?.imageId ?? '';
  }
  return v as Values;
};

/**
 * The season's certificate template (SPEC §8): heading, text with placeholders, up to three signatures, a logo.
 * Mount it keyed by the season only: the form keeps the version it read (or last saved) and sends that one, so its
 * own save keeps the focus on the button, and a newer version saved meanwhile by someone else (fetched again in the
 * background) neither drops what is typed nor is overwritten unseen: the save answers 409, and "Aktuellen Stand
 * laden" replaces the input with it.
 */
export function TemplateEditor({ seasonIdentifier, template }: { seasonIdentifier: string; template: CertificateTemplate }) {
  const save = useSaveCertificateTemplate(seasonIdentifier);
  const queryClient = useQueryClient();
  const headingId = useId();
  const [version, setVersion] = useState(template.version);
  const firstField = useRef<HTMLInputElement>(null);
  const form = useSchemaForm({
    schema,
    initialValues: valuesOf(template),
    // a signature with a role or an image needs its name
    check: (v) =>
      Object.fromEntries(
        SLOTS.filter((n) => v[`name${n}`].trim() === '' && (v[`role${n}`].trim() !== '' || v[`image${n}`] !== '')).map((n) => [
          `name${n}`,
          'Bitte gib den Namen an.',
        ]),
      ),
  });
  /** the template as the form holds it */
  const inputOf = (v: Values) => ({
    heading: v.heading.trim(),
    body: v.body.trim(),
    logoId: v.logoId || null,
    signatures: SLOTS.filter((n) => v[`name${n}`].trim() !== '').map((n) => ({
      name: v[`name${n}`].trim(),
      role: v[`role${n}`].trim(),
      imageId: v[`image${n}`] || null,
    })),
    version,
  });
  /** the form from here on holds `t` and sends its version */
  const startFrom = (t: CertificateTemplate) => {
    form.reset(valuesOf(t));
    setVersion(t.version);
  };
  const submit = form.onSubmit(async () => {
    startFrom(await save.mutateAsync(inputOf(form.values)));
    notify({ message: 'Die Vorlage ist gespeichert. „Urkunden erzeugen“ stellt geänderte Urkunden neu aus.' });
  });
  /** after a 409: the current state replaces the input; the focus goes to the first field (the button is gone) */
  async function reload() {
    try {
      startFrom(await queryClient.fetchQuery({ ...certificateTemplateQueryOptions(seasonIdentifier), staleTime: 0 }));
      firstField.current?.focus();
    } catch (error) {
      reportError(error, 'Der aktuelle Stand konnte nicht geladen werden.');
    }
  }
  // "Vorschau" (SPEC §8): what the form holds, saved or not, checked like "Vorlage speichern"; a refusal shows at its field
  const [previewing, setPreviewing] = useState(false);
  const preview = form.onSubmit(async () => {
    setPreviewing(true);
    try {
      const { blob, filename } = await fetchFile(certificatePreviewPath(seasonIdentifier), 'urkunde-vorschau.pdf', inputOf(form.values));
      saveFile(blob, filename);
    } finally {
      setPreviewing(false);
    }
  });

  return (
    <form noValidate ref={form.formRef} aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          Vorlage der Urkunde
        </Title>
        {version === null && <Text size="sm">Dieses KiTa-Jahr nutzt noch die mitgelieferte Vorlage.</Text>}
        <FormAlert failure={form.failure} onReload={reload} />
        <TextInput label="Überschrift" ref={firstField} {...form.input('heading')} />
        <Textarea
          label="Text"
          description={`Platzhalter: ${templatePlaceholders.join(', ')}. Eine Leerzeile beginnt einen neuen Absatz.`}
          autosize
          minRows={5}
          {...form.input('body')}
        />
        <ImageField label="Logo" imageId={form.values.logoId} onChange={(id) => form.setValue('logoId', id)} />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {SLOTS.map((n) => (
            <Stack key={n} gap="xs">
              <Text fw={600}>Unterschrift {n}</Text>
              <TextInput label="Name" {...form.input(`name${n}`)} />
              <TextInput label="Funktion" {...form.input(`role${n}`)} />
              <ImageField label={`Unterschrift ${n} (Bild)`} imageId={form.values[`image${n}`]} onChange={(id) => form.setValue(`image${n}`, id)} />
            </Stack>
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Vorlage speichern
          </Button>
          <Button variant="default" loading={previewing} onClick={() => void preview()}>
            Vorschau
          </Button>
        </Group>
        <Text size="sm">Die Vorschau zeigt die Vorlage, wie sie hier steht (auch ungespeichert), mit den Daten der ersten KiTa.</Text>
      </Stack>
    </form>
  );
}

/** an uploaded image (the server decodes and re-encodes it): "Bild hochladen", its preview, "Entfernen" */
function ImageField({ label, imageId, onChange }: { label: string; imageId: string; onChange: (id: string) => void }) {
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | null) {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadCertificateImage(file)).id);
    } catch (error) {
      reportError(error, 'Das Bild konnte nicht hochgeladen werden.');
    } finally {
      setUploading(false);
    }
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {imageId ? (
        <Image src={certificateImageUrl(imageId)} alt={`${label} (Vorschau)`} h={60} w="auto" fit="contain" />
      ) : (
        <Text size="sm">Kein Bild</Text>
      )}
      <Group gap="xs">
        <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={uploading} aria-label={`${label}: Bild hochladen`}>
              Bild hochladen
            </Button>
          )}
        </FileButton>
        {imageId && (
          <Button size="xs" variant="subtle" onClick={() => onChange('')} aria-label={`${label}: Bild entfernen`}>
            Entfernen
          </Button>
        )}
      </Group>
    </Stack>
  );
}
