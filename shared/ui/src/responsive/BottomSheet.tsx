import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { useIsMobile } from './breakpoint';

// Only a phone draws the sheet: a wide screen never loads Drawer (and its focus lock). On a phone the closed sheet
// is drawn with the page, so its code is there at the first tap, even offline (an exam's answer card).
const Drawer = lazy(() => import('../lazy/parts/drawer'));

export interface BottomSheetProps {
  /** The sheet's title and its opening button's text (e.g. 答题卡). */
  title: string;
  /** Shown after the title on the opening button (e.g. 3/10). */
  badge?: ReactNode;
  /** Content that is in the page on a wide screen and in the sheet on a phone; gets close() to close it after a pick. */
  children: (close: () => void) => ReactNode;
  testId?: string;
}

const SHEET_ROOM_CSS = 'body { padding-bottom: 72px; }';

/**
 * A side panel (an answer card) on a wide screen; below the breakpoint a button fixed at the bottom of the
 * screen opens it as a bottom sheet, so the question keeps the whole width.
 */
export function BottomSheet({ title, badge, children, testId }: BottomSheetProps) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  if (!mobile) return <>{children(close)}</>;
  return (
    <>
      {/* Room under the page's end (the footer) for the fixed button, so scrolled to the end it covers nothing. */}
      <style>{SHEET_ROOM_CSS}</style>
      <Button
        type="primary"
        shape="round"
        size="large"
        data-testid={testId && `${testId}-open`}
        onClick={() => setOpen(true)}
        style={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          zIndex: 20,
          boxShadow: '0 4px 12px rgba(0,0,0,.2)',
          WebkitTapHighlightColor: 'transparent',
        }}
      >
        {title}
        {badge !== undefined && <> {badge}</>}
      </Button>
      <Suspense fallback={null}>
        <Drawer
          placement="bottom"
          height="60vh"
          title={title}
          visible={open}
          onCancel={close}
          footer={null}
          bodyStyle={{ padding: 12 }}
        >
          <div data-testid={testId && `${testId}-sheet`}>{children(close)}</div>
        </Drawer>
      </Suspense>
    </>
  );
}
