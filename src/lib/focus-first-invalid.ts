/**
 * After a failed submit: focus the first invalid field of the form in the page's order (WCAG 3.3.1), once React has
 * rendered the messages and aria-invalid. `keys` (the fields with a message) help where a field marks its error
 * only on a group (Checkbox.Group, Radio.Group): its first input is taken. A small module of its own, so the login
 * page uses it without loading the form library.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, keys: string[] = []) {
  setTimeout(() => {
    const root: ParentNode = form ?? document;
    const target =
      root.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      keys.map((key) => root.querySelector<HTMLElement>(`[data-path="${CSS.escape(key)}"], [name="${CSS.escape(key)}"]`)).find(Boolean);
    const focusable = target?.matches('input, select, textarea, button') ? target : target?.querySelector<HTMLElement>('input, select, textarea, button');
    focusable?.focus();
  }, 0);
}
