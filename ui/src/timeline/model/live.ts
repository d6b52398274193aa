// The live view's clock: how often the window asks the Rust side what others changed. About
// every 2 s while someone is active here, less and less while idle (up to 30 s), not at all while
// the window is hidden (minimised, another desktop) or offline. After a failed ask it waits longer
// each time; the connection check (Rust side) says when the table is back.
import type { LiveNewsDto } from "../../ipc";

/** While the user did something in the last minute. */
export const ACTIVE_MS = 2_000;
/** Idle this long: the asks slow down. */
export const ACTIVE_FOR_MS = 60_000;
/** The slowest ask while idle or failing. */
export const SLOWEST_MS = 30_000;

export interface LiveState {
  hidden: boolean;
  offline: boolean;
  /** Milliseconds since the user last pressed a key, a button or moved the wheel here. */
  idleMs: number;
  /** Asks that failed in a row. */
  failures: number;
}

/** Milliseconds until the next ask, or null: do not ask (hidden, offline). */
export function nextDelay(s: LiveState): number | null {
  if (s.hidden || s.offline) return null;
  const failing = s.failures > 0 ? ACTIVE_MS * 2 ** Math.min(s.failures, 4) : ACTIVE_MS;
  // Idle: doubles every further minute (4, 8, 16 s …), capped.
  const idleMinutes = Math.floor(s.idleMs / ACTIVE_FOR_MS);
  const idle = idleMinutes > 0 ? ACTIVE_MS * 2 ** Math.min(idleMinutes, 4) : ACTIVE_MS;
  return Math.min(SLOWEST_MS, Math.max(failing, idle));
}

/** What the poller needs of the world (the document and the clock in the app; fakes in tests). */
export interface LiveHost {
  ask(): Promise<LiveNewsDto>;
  apply(news: LiveNewsDto): Promise<void> | void;
  hidden(): boolean;
  offline(): boolean;
  now(): number;
  later(run: () => void, ms: number): () => void;
}

export class LivePoller {
  private lastActive: number;
  private failures = 0;
  private cancel: (() => void) | null = null;
  private asking = false;
  private stopped = false;
  /** The last changes read could not be applied: read what is shown again before the next ask. */
  private rereadFirst = false;

  constructor(private readonly host: LiveHost) {
    this.lastActive = host.now();
  }

  /** The user did something: ask at the active pace again (the next ask within 2 s, if the
   * asks had slowed down). */
  active(): void {
    const wasIdle = this.host.now() - this.lastActive >= ACTIVE_FOR_MS;
    this.lastActive = this.host.now();
    if (wasIdle) this.schedule();
  }

  /** Visibility or the connection changed: ask now if the window can, else stop asking. */
  wake(): void {
    this.failures = 0;
    this.schedule(0);
  }

  /** Starts asking. */
  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
  }

  private schedule(at?: number): void {
    this.cancel?.();
    this.cancel = null;
    if (this.stopped || this.asking) return;
    const delay = nextDelay({
      hidden: this.host.hidden(),
      offline: this.host.offline(),
      idleMs: this.host.now() - this.lastActive,
      failures: this.failures,
    });
    if (delay === null) return;
    this.cancel = this.host.later(() => void this.tick(), at ?? delay);
  }

  private async tick(): Promise<void> {
    this.cancel = null;
    if (this.stopped || this.host.hidden() || this.host.offline()) return;
    this.asking = true;
    try {
      // Changes read but not applied (the apply failed: a reload that failed) are not read again:
      // what is shown is read again first.
      if (this.rereadFirst) await this.host.apply({ kind: "reload" });
      this.rereadFirst = false;
      const news = await this.host.ask();
      try {
        await this.host.apply(news);
      } catch (e) {
        this.rereadFirst = true;
        throw e;
      }
      this.failures = 0;
    } catch {
      // Offline, signed out, removed from the team: the session watch says so to the user; here
      // the asks only slow down.
      this.failures += 1;
    } finally {
      this.asking = false;
    }
    this.schedule();
  }
}
