/**
 * After a failed submit: focus the first invalid field of the form in the page's order (WCAG 3.3.1), once React has
 * rendered the messages and aria-invalid. `keys` (the fields with a message) help where a field marks its error
 * only on a group (Checkbox.Group, Radio.Group): its first input is taken. A small module of its own, so the login
 * page uses it without loading the form library.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, keys: string[] = [], attempt = 0) {
  setTimeout(
    () => {
      const root: ParentNode = form ?? document;
      const marked = root.querySelector<HTMLElement>('[aria-invalid="true"]');
      // React may not have rendered the messages yet: look again shortly before falling back to the field names
      if (!marked && attempt < 3) {
        focusFirstInvalid(form, keys, attempt + 1);
        return;
      }
      const target =
        marked ?? keys.map((key) => root.querySelector<HTMLElement>(`[data-path="${CSS.escape(key)}"], [name="${CSS.escape(key)}"]`)).find(Boolean);
      const focusable = target?.matches('input, select, textarea, button')
        ? target
        : target?.querySelector<HTMLElement>('input, select, textarea, button');
      focusable?.focus();
    },
    attempt === 0 ? 0 : 30,
  );
}
