/**
 * One absence from the exam: the page hidden (another tab or window), or fullscreen left while the
 * exam requires it. A leave is counted at most once per absence, so returning from another tab
 * (which also drops fullscreen) is one leave, not two.
 * - Hidden → visible: counted when the absence lasted at least `minSec` (the exam's leaveSec).
 * - The 3 s check sees a visible page out of fullscreen that no absence explains: a new absence,
 *   counted at once (the check cannot tell how long it lasted).
 * - The absence ends when the page is visible and, if required, fullscreen again.
 */
export class AbsenceTracker {
  private open = false;
  private decided = false;
  private since = 0;

  constructor(
    private minSec: number,
    private needFullscreen: boolean,
    private now: () => number = Date.now,
  ) {}

  /** The page was hidden: an absence starts, unless one is already open. */
  hidden(): void {
    if (this.open) return;
    this.open = true;
    this.decided = false;
    this.since = this.now();
  }

  /** The page is visible again; true when this absence counts as a leave. */
  visible(fullscreen: boolean): boolean {
    if (!this.open || this.decided) return false;
    this.decided = true;
    if (!this.needFullscreen || fullscreen) this.open = false;
    return (this.now() - this.since) / 1000 >= this.minSec;
  }

  /** The periodic check; true when leaving fullscreen starts a new absence (a leave). */
  check(visible: boolean, fullscreen: boolean): boolean {
    if (!visible) return false;
    if (fullscreen || !this.needFullscreen) {
      if (this.decided) this.open = false;
      return false;
    }
    if (this.open) return false;
    this.open = true;
    this.decided = true;
    return true;
  }
}
