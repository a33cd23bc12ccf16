import { createContext, useContext, useRef, useState, type ReactNode } from 'react';

/**
 * The uploads still running inside one form. A preview shows as soon as a file is picked, but the field's
 * value (the URL) arrives only when the upload ends: a form saved in between would drop the file while
 * saying 保存成功. Forms therefore settle their uploads before they validate and save.
 */
export interface UploadGuard {
  track(upload: Promise<unknown>): void;
  /** Waits for the running uploads; false when one of them failed (its error is shown; do not save). */
  settle(): Promise<boolean>;
}

const UploadGuardContext = createContext<UploadGuard | null>(null);

/** One guard per form, stable across renders. */
function useUploadGuard(): UploadGuard {
  const guard = useRef<UploadGuard | null>(null);
  if (!guard.current) {
    const running = new Set<Promise<unknown>>();
    guard.current = {
      track(upload) {
        running.add(upload);
        // Settled uploads leave the set; a failure is reported by settle(), not as an unhandled rejection.
        upload.then(
          () => running.delete(upload),
          () => running.delete(upload),
        );
      },
      async settle() {
        const results = await Promise.allSettled(running);
        return results.every((r) => r.status === 'fulfilled');
      },
    };
  }
  return guard.current;
}

/**
 * A form's save with its uploads, the one way every form saves: waits for the running uploads first (a file picked
 * just before the click is saved with the form; nothing is saved when one failed, whose error is shown), and is busy
 * from the click until the save ends. A failed save ends quietly: the client has shown the server's message and the
 * form its fields' errors. Put `uploads` around the form's upload fields with UploadGuardProvider.
 */
export function useUploadingSave(save: () => Promise<unknown>) {
  const uploads = useUploadGuard();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (await uploads.settle()) await save();
    } catch {
      // Shown already (see above).
    } finally {
      setBusy(false);
    }
  };
  return { uploads, busy, run };
}

/** Puts a form's guard where the uploads inside it find it. */
export function UploadGuardProvider({ guard, children }: { guard: UploadGuard; children: ReactNode }) {
  return <UploadGuardContext.Provider value={guard}>{children}</UploadGuardContext.Provider>;
}

/** The guard of the form around an upload, if any. */
export const useEnclosingUploadGuard = () => useContext(UploadGuardContext);
