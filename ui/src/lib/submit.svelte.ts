// What every dialog does on submit: busy while the action runs, closed when it holds, and its
// error shown as a sentence in the dialog when it does not.
import { ui } from "../lang.svelte";

export class Submit {
  busy = $state(false);
  error: string | null = $state(null);

  async run(action: () => Promise<void>, close: () => void = () => {}): Promise<void> {
    this.busy = true;
    this.error = null;
    try {
      await action();
      close();
    } catch (e) {
      this.error = ui.error(e);
    } finally {
      this.busy = false;
    }
  }
}

/** Takes a form's submit event from the browser; whether every field of the form is valid (if
 * not, the first invalid one has the focus, and the browser says why). */
export function formValid(e: SubmitEvent): boolean {
  e.preventDefault();
  const form = e.currentTarget as HTMLFormElement;
  if (form.checkValidity()) return true;
  form.querySelector<HTMLElement>(":invalid")?.focus();
  return false;
}
