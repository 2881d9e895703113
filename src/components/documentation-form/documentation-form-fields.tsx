import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RenderLater } from '../layout/render-later';
import type { AnswerValue, Answers, UploadedFile } from '../../shared/contracts/documentation';
import type { Question, Section } from '../../shared/contracts/documentation-template';
import { FilesQuestionField, type FileUploadControls } from './files-question';
import { questionElementId } from './question-ids';
import { QuestionField } from './question-field';

export type { FileUploadControls, PendingUpload } from './files-question';
export { questionElementId } from './question-ids';

/**
 * THE question renderer of the documentation form (issue 12), shared by the KiTa's page `/dokumentationsbogen`
 * (read/write with autosave), the template editor's preview and read-only answer views of admins and the jury.
 * It only renders: state, saving, validation timing and uploads belong to the page that uses it.
 *
 *   <DocumentationFormFields
 *     sections={form.sections}          // template order: one <section> with a heading per section
 *     answers={values}                  // answers by question key (missing key = unanswered)
 *     files={form.files}                // uploaded files; a files question shows those with its key
 *     errors={problems}                 // German message per question key, shown at it (aria-describedby, aria-invalid)
 *     readOnly={!form.editable}         // fields shown, nothing changeable, no upload or delete
 *     onChange={(key, value) => …}      // every change of a value, as the answer value of the contract
 *     onBlur={(key) => …}               // a question lost focus (validate it then)
 *     renderNotice={(q) => …}           // optional content under a question (e.g. a conflict notice)
 *     uploads={{ onAdd, onDelete, pending, onDismiss }}  // optional: drop zone, picker, progress, delete (with confirm)
 *   />
 *
 * - Preview of a template: pass `answers={{}}` and no `onChange` → inputs work locally but nothing is kept; without
 *   `uploads` a files question shows its drop zone disabled. Pass `readOnly` to show it inert.
 * - Element ids: `{idPrefix}q-{key}` is the question's input (or fieldset for choices and files), so a page can focus
 *   or scroll to a question (`questionElementId`). Errors carry `data-question-key` for the page's own focus logic.
 * - Section headings are h2 by default (`headingLevel`), the page's h1 stays the page's.
 */
export type DocumentationFormFieldsProps = {
  sections: Section[];
  answers: Answers;
  files?: UploadedFile[];
  errors?: Record<string, string>;
  readOnly?: boolean;
  onChange?: (key: string, value: AnswerValue) => void;
  onBlur?: (key: string) => void;
  renderNotice?: (question: Question) => ReactNode;
  uploads?: FileUploadControls;
  /** prefix of element ids when two forms share a page */
  idPrefix?: string;
  headingLevel?: 2 | 3 | 4;
};

export function DocumentationFormFields({
  sections,
  answers,
  files = [],
  errors = {},
  readOnly = false,
  onChange = () => {},
  onBlur = () => {},
  renderNotice,
  uploads,
  idPrefix = '',
  headingLevel = 2,
}: DocumentationFormFieldsProps) {
  const renderSection = (section: Section) => (
    <Stack component="section" gap="lg" key={section.key} aria-labelledby={`${idPrefix}s-${section.key}`}>
      <div>
        <Title order={headingLevel} size="h3" id={`${idPrefix}s-${section.key}`} style={{ overflowWrap: 'anywhere' }}>
          {section.title}
        </Title>
        {section.intro && (
          <Text c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>
            {section.intro}
          </Text>
        )}
      </div>
      {section.questions.map((question) => {
        const common = {
          id: questionElementId(question.key, idPrefix),
          error: errors[question.key] ?? null,
          readOnly,
          onBlur: () => onBlur(question.key),
        };
        return (
          <div key={question.key} data-question-key={question.key}>
            {question.kind === 'files' ? (
              <FilesQuestionField
                {...common}
                question={question}
                value={answers[question.key]}
                files={files.filter((f) => f.questionKey === question.key)}
                onChange={(value) => onChange(question.key, value)}
                uploads={uploads}
              />
            ) : (
              <QuestionField {...common} question={question} value={answers[question.key]} onChange={(value) => onChange(question.key, value)} />
            )}
            {renderNotice?.(question)}
          </div>
        );
      })}
    </Stack>
  );
  return (
    <Stack gap="xl">
      {sections.slice(0, 1).map(renderSection)}
      {/* the first section fills a first screen; with the others, the form's first render was one task of 370 ms on a phone */}
      <RenderLater>{sections.slice(1).map(renderSection)}</RenderLater>
    </Stack>
  );
}
