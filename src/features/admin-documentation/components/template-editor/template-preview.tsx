import { Alert, Button, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { DocumentationFormFields } from '../../../../components/documentation-form/documentation-form-fields';
import { templateInputSchema, type Section } from '../../../../shared/contracts/documentation-template';
import { toTemplateInput, type TemplateDraft } from './template-draft';

/**
 * "Vorschau": the form as the KiTa staff will see it, drawn by the shared renderer from the editor's current values
 * (saved or not). Inputs answer locally and keep nothing; uploads are off. A template with errors shows none.
 */
export function TemplatePreview({ getDraft, version }: { getDraft: () => TemplateDraft; version: number | null }) {
  const [sections, setSections] = useState<Section[] | 'invalid' | null>(null);
  const open = () => {
    const parsed = templateInputSchema.safeParse(toTemplateInput(getDraft(), version));
    setSections(parsed.success ? parsed.data.sections : 'invalid');
  };
  return (
    <>
      <Button variant="default" onClick={open}>
        Vorschau
      </Button>
      <Modal
        opened={sections !== null}
        onClose={() => setSections(null)}
        size="xl"
        title="Vorschau: so sehen die KiTas den Bogen"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {sections === 'invalid' ? (
          <Alert color="orange" role="alert">
            Die Vorlage hat noch Fehler. Speichere sie einmal, um die Fehler an den Feldern zu sehen; danach zeigt die Vorschau den Bogen.
          </Alert>
        ) : (
          sections && (
            <>
              <Text size="sm" c="dimmed" mb="md">
                Eingaben in der Vorschau werden nicht gespeichert; Dateien lassen sich hier nicht hochladen.
              </Text>
              <DocumentationFormFields sections={sections} answers={{}} idPrefix="vorschau-" headingLevel={3} />
            </>
          )
        )}
      </Modal>
    </>
  );
}
