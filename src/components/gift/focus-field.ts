/**
 * Focuses a form control by its name (the first of a radio group). Used right after a failed
 * check, when the control's aria-invalid has not been rendered yet.
 */
export function focusField(form: HTMLFormElement, name: string) {
  const control = form.elements.namedItem(name);
  const element = control instanceof RadioNodeList ? control[0] : control;
  if (element instanceof HTMLElement) element.focus();
}
