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
