import type { UseFormReturnType } from '@mantine/form';
import type { TemplateDraft } from './template-draft';

export type TemplateForm = UseFormReturnType<TemplateDraft>;

/** what every part of the editor needs besides the form */
export type EditorContext = {
  form: TemplateForm;
  /** forms of this season were started: keys that came from the server stay as they are */
  keysLocked: boolean;
  /**
   * moves the item at `index` of the list at `path` one place up or down, keeps the focus on the moved item's
   * button and announces the new position ("… ist jetzt an Position 2 von 5.")
   */
  move: (path: string, index: number, delta: -1 | 1, uid: string, name: string) => void;
  /** after a removal or an addition: an announcement, and where the focus goes (a data-focus-id) */
  announce: (message: string, focusId?: string) => void;
};
